package dev.rbp;

import dev.rbp.internal.IncrementalIndex;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.annotation.processing.SupportedSourceVersion;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

@SupportedAnnotationTypes("dev.rbp.Builder")
@SupportedSourceVersion(SourceVersion.RELEASE_17)
public final class BuilderProcessor extends AbstractProcessor {

    private IncrementalIndex index;

    @Override
    public synchronized void init(ProcessingEnvironment env) {
        super.init(env);
        index = IncrementalIndex.open(env.getOptions());
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        for (Element e : round.getElementsAnnotatedWith(Builder.class)) {
            if (e.getKind() != ElementKind.RECORD) {
                processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
                        "@Builder only applies to records", e);
                continue;
            }
            TypeElement record = (TypeElement) e;
            if (index.upToDate(record.getQualifiedName().toString(), record.toString().hashCode())) {
                continue;
            }
            try {
                write(record);
            } catch (IOException ex) {
                processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, ex.getMessage(), e);
            }
        }
        if (round.processingOver()) {
            index.save();
        }
        return true;
    }

    private void write(TypeElement record) throws IOException {
        PackageElement pkg = processingEnv.getElementUtils().getPackageOf(record);
        String pkgName = pkg.isUnnamed() ? "" : pkg.getQualifiedName().toString();
        String simple = record.getSimpleName().toString();
        String builder = simple + "Builder";
        List<? extends RecordComponentElement> comps = record.getRecordComponents();

        JavaFileObject file = processingEnv.getFiler().createSourceFile(
                (pkgName.isEmpty() ? "" : pkgName + ".") + builder, record);
        try (Writer w = file.openWriter()) {
            if (!pkgName.isEmpty()) w.write("package " + pkgName + ";\n\n");
            w.write("@javax.annotation.processing.Generated(\"dev.rbp.BuilderProcessor\")\n");
            w.write("public final class " + builder + " {\n");
            for (RecordComponentElement c : comps) {
                w.write("    private " + c.asType() + " " + c.getSimpleName() + ";\n");
            }
            w.write("\n    private " + builder + "() {}\n");
            w.write("    public static " + builder + " builder() { return new " + builder + "(); }\n\n");
            for (RecordComponentElement c : comps) {
                String n = c.getSimpleName().toString();
                w.write("    public " + builder + " " + n + "(" + c.asType() + " v) { this." + n
                        + " = v; return this; }\n");
            }
            String args = comps.stream().map(c -> c.getSimpleName().toString())
                    .collect(Collectors.joining(", "));
            w.write("\n    public " + simple + " build() { return new " + simple + "(" + args + "); }\n");
            w.write("}\n");
        }
    }
}
