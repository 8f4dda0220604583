function results = run(testFolder)
%RUN Run all tests under TESTFOLDER with JUnit XML and Cobertura coverage.
arguments
    testFolder (1,1) string = "tests"
end
import matlab.unittest.TestRunner
import matlab.unittest.TestSuite
import matlab.unittest.plugins.XMLPlugin
import matlab.unittest.plugins.CodeCoveragePlugin
import matlab.unittest.plugins.codecoverage.CoberturaFormat

if ~isfolder("reports"), mkdir("reports"); end
suite = TestSuite.fromFolder(testFolder, "IncludingSubfolders", true);
runner = TestRunner.withTextOutput;
runner.addPlugin(XMLPlugin.producingJUnitFormat(fullfile("reports", "junit.xml")));
runner.addPlugin(CodeCoveragePlugin.forFolder("src", "IncludingSubfolders", true, ...
    "Producing", CoberturaFormat(fullfile("reports", "coverage.xml"))));
results = runner.run(suite);

failed = results([results.Failed]);
for k = 1:numel(failed)
    fprintf("FAIL %s (%.2fs)\n", failed(k).Name, failed(k).Duration);
end
fprintf("%d passed, %d failed, %d incomplete\n", nnz([results.Passed]), numel(failed), nnz([results.Incomplete]));
end
