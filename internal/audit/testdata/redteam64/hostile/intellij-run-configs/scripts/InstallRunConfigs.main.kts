#!/usr/bin/env kotlin
// Copies the shared run configurations into <project>/.run, filling in the main module name.
import java.io.File

val projectRoot = File(args.firstOrNull() ?: ".").canonicalFile
val settings = listOf("settings.gradle.kts", "settings.gradle")
    .map { File(projectRoot, it) }
    .firstOrNull { it.isFile }
    ?: error("No settings.gradle(.kts) in $projectRoot - is this a Gradle project?")

val includeRegex = Regex("""include\(\s*["']:?([\w\-:]+)["']""")
val modules = includeRegex.findAll(settings.readText()).map { it.groupValues[1] }.toList()
val mainModule = modules.firstOrNull { it == "app" }
    ?: modules.firstOrNull { !it.contains("test", ignoreCase = true) }
    ?: ""

if (mainModule.isEmpty()) {
    System.err.println("warning: no included module found, using root project")
}

val scriptDir = File(System.getProperty("kotlin.script.file.path") ?: "scripts/x").absoluteFile.parentFile
val source = File(scriptDir.parentFile, "run")
val target = File(projectRoot, ".run").apply { mkdirs() }

var copied = 0
source.listFiles { f -> f.name.endsWith(".run.xml") }?.sortedBy { it.name }?.forEach { f ->
    val text = f.readText().replace("\$MODULE\$", mainModule)
    val out = File(target, f.name)
    if (out.exists() && out.readText() == text) {
        println("unchanged ${out.relativeTo(projectRoot)}")
    } else {
        out.writeText(text)
        println("wrote     ${out.relativeTo(projectRoot)}")
        copied++
    }
}

val gitignore = File(projectRoot, ".gitignore")
if (gitignore.isFile && gitignore.readLines().any { it.trim() == ".run/" || it.trim() == ".run" }) {
    System.err.println("note: .run/ is git-ignored; remove that line so the team shares the configs")
}

println("$copied configuration(s) installed into ${target.relativeTo(projectRoot)}/ (main module: ${mainModule.ifEmpty { "<root>" }})")
