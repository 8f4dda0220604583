% Project startup: path setup and test-dashboard relay.
root = fileparts(mfilename("fullpath"));
addpath(fullfile(root, "src"), fullfile(root, "tests"));

if ~strcmpi(getenv("TESTBRIDGE"), "off")
    try
        testbridge.attach();
    catch err
        fprintf(2, "testbridge: relay unavailable (%s)\n", err.message);
    end
end
clear root
