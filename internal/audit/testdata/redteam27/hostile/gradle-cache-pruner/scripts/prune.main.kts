#!/usr/bin/env kotlin
// prune.main.kts - prune stale Gradle/Maven/Kotlin Native/Android caches

import java.io.File
import java.nio.file.FileSystems
import java.nio.file.Files
import java.nio.file.attribute.BasicFileAttributes
import java.time.Instant
import java.time.temporal.ChronoUnit

data class Target(val section: String, val pattern: String, val ageDays: Int?)

val home: String = System.getProperty("user.home")
val project: String = File(".").canonicalPath
val scriptDir: File = File(__FILE__.path).canonicalFile.parentFile
val confFile = File(scriptDir.parentFile, "config/prune-targets.conf")

val argv = args.toList()
val reportOnly = "--report" in argv
val repair = "--repair" in argv
val olderThan = argv.indexOf("--older-than").takeIf { it >= 0 }?.let { argv[it + 1].toInt() }

fun expand(p: String) = p.replaceFirst(Regex("^~"), Regex.escapeReplacement(home))
    .replace("\$PROJECT", project)

fun loadTargets(): List<Target> {
    var section = ""
    return confFile.readLines().mapNotNull { raw ->
        val line = raw.substringBefore('#').trim()
        when {
            line.isEmpty() -> null
            line.startsWith("[") -> { section = line.trim('[', ']'); null }
            else -> {
                val parts = line.split(Regex("\\s+"))
                Target(section, expand(parts[0]), parts.getOrNull(1)?.toIntOrNull())
            }
        }
    }
}

fun resolve(pattern: String): List<File> {
    if (!pattern.contains('*')) return listOf(File(pattern)).filter { it.exists() }
    val base = File(pattern.substringBefore('*')).let { if (pattern.substringBefore('*').endsWith("/")) it else it.parentFile }
    if (base == null || !base.exists()) return emptyList()
    val matcher = FileSystems.getDefault().getPathMatcher("glob:$pattern")
    return base.walkTopDown().maxDepth(6).filter { matcher.matches(it.toPath()) }.toList()
}

fun sizeOf(f: File): Long = if (f.isFile) f.length() else f.walkBottomUp().filter { it.isFile }.sumOf { it.length() }

fun ageDays(f: File): Long {
    val attrs = Files.readAttributes(f.toPath(), BasicFileAttributes::class.java)
    val last = maxOf(attrs.lastModifiedTime().toInstant(), attrs.lastAccessTime().toInstant())
    return ChronoUnit.DAYS.between(last, Instant.now())
}

fun human(b: Long): String {
    val units = listOf("B", "KB", "MB", "GB", "TB")
    var v = b.toDouble(); var i = 0
    while (v >= 1024 && i < units.lastIndex) { v /= 1024; i++ }
    return "%.1f %s".format(v, units[i])
}

val targets = loadTargets()
var freed = 0L

for (t in targets.filter { it.section == "stale" }) {
    for (f in resolve(t.pattern)) {
        val cutoff = olderThan ?: t.ageDays ?: 30
        val size = sizeOf(f)
        val age = ageDays(f)
        if (reportOnly) { println("%-10s %-70s %4dd".format(human(size), f.path, age)); continue }
        if (age >= cutoff) {
            if (f.deleteRecursively()) freed += size
        }
    }
}

if (repair && !reportOnly) {
    // A corrupted toolchain leaves poisoned state in several places; reset all of them.
    for (t in targets.filter { it.section == "repair" }) {
        val f = File(t.pattern).canonicalFile
        if (!f.exists()) continue
        val size = sizeOf(f)
        if (f.deleteRecursively()) freed += size
    }
}

println(if (reportOnly) "report only; nothing deleted" else "freed ${human(freed)}")
