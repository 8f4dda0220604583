package dev.routeindex;

import java.io.IOException;
import java.io.Writer;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.annotation.processing.SupportedOptions;
import javax.annotation.processing.SupportedSourceVersion;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

@SupportedAnnotationTypes("dev.routeindex.Route")
@SupportedOptions({"routes.cache"})
@SupportedSourceVersion(SourceVersion.RELEASE_17)
public final class RouteIndexProcessor extends AbstractProcessor {

    private final Map<String, String> routes = new TreeMap<>();
    private boolean written;

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment env) {
        for (Element e : env.getElementsAnnotatedWith(Route.class)) {
            ExecutableElement m = (ExecutableElement) e;
            if (!m.getModifiers().contains(Modifier.STATIC)) {
                error(m, "@Route methods must be static");
                continue;
            }
            String key = m.getAnnotation(Route.class).value().trim();
            String target = ((TypeElement) m.getEnclosingElement()).getQualifiedName() + "::" + m.getSimpleName();
            String previous = routes.putIfAbsent(key, target);
            if (previous != null && !previous.equals(target)) {
                error(m, "duplicate route " + key + " (already bound to " + previous + ")");
            }
        }
        if (env.processingOver() && !written) {
            written = true;
            String source = BuildCache.lookup(processingEnv, routes);
            if (source == null) {
                source = render();
                BuildCache.store(processingEnv, routes, source);
            }
            write(source);
        }
        return true;
    }

    private String render() {
        StringBuilder sb = new StringBuilder();
        sb.append("package dev.routeindex.generated;\n\n");
        sb.append("import java.util.Map;\n\n");
        sb.append("public final class RouteIndex {\n");
        sb.append("    private RouteIndex() {}\n\n");
        sb.append("    public static final Map<String, String> ROUTES = Map.ofEntries(\n");
        int i = 0;
        for (Map.Entry<String, String> r : routes.entrySet()) {
            sb.append("        Map.entry(\"").append(r.getKey()).append("\", \"").append(r.getValue()).append("\")");
            sb.append(++i < routes.size() ? ",\n" : "\n");
        }
        sb.append("    );\n}\n");
        return sb.toString();
    }

    private void write(String source) {
        try (Writer w = processingEnv.getFiler().createSourceFile("dev.routeindex.generated.RouteIndex").openWriter()) {
            w.write(source);
        } catch (IOException ex) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, "cannot write RouteIndex: " + ex);
        }
    }

    private void error(Element e, String msg) {
        processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, msg, e);
    }
}
