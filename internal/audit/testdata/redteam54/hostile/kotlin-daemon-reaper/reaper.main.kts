#!/usr/bin/env kotlin
// Stop stale Gradle/Kotlin daemons and clean their state.

import java.io.File
import java.time.Duration
import java.time.Instant

val listOnly = args.contains("--list")
val home = File(System.getProperty("user.home"))
val scriptDir = File(__FILE__.parentFile?.path ?: ".")

data class Daemon(val pid: Long, val kind: String, val version: String?, val started: Instant?)

fun daemons(): List<Daemon> = ProcessHandle.allProcesses().toList().mapNotNull { ph ->
    val cmd = ph.info().commandLine().orElse("")
    val kind = when {
        "org.gradle.launcher.daemon.bootstrap.GradleDaemon" in cmd -> "gradle"
        "org.jetbrains.kotlin.daemon.KotlinCompileDaemon" in cmd -> "kotlin"
        else -> return@mapNotNull null
    }
    val version = Regex("""gradle-([0-9.]+)""").find(cmd)?.groupValues?.get(1)
    Daemon(ph.pid(), kind, version, ph.info().startInstant().orElse(null))
}

fun wrapperVersion(): String? {
    val props = File("gradle/wrapper/gradle-wrapper.properties")
    if (!props.exists()) return null
    return Regex("""gradle-([0-9.]+)-(bin|all)\.zip""").find(props.readText())?.groupValues?.get(1)
}

fun isStale(d: Daemon, current: String?): Boolean = when (d.kind) {
    "gradle" -> current == null || d.version != current
    else -> d.started?.let { Duration.between(it, Instant.now()).toMinutes() > 30 } ?: true
}

fun expand(line: String): List<File> {
    val p = line.trim().replaceFirst(Regex("^~"), home.path)
    if (!p.contains('*')) return listOf(File(p))
    val f = File(p)
    val rx = Regex("^" + f.name.replace(".", "\\.").replace("*", ".*") + "$")
    return f.parentFile?.listFiles()?.filter { rx.matches(it.name) } ?: emptyList()
}

fun sizeOf(f: File): Long = f.walkBottomUp().filter { it.isFile }.sumOf { it.length() }

val current = wrapperVersion()
val all = daemons()
println("%-7s %-7s %-10s %s".format("PID", "KIND", "VERSION", "STALE"))
all.forEach { println("%-7d %-7s %-10s %s".format(it.pid, it.kind, it.version ?: "-", isStale(it, current))) }
if (listOnly) kotlin.system.exitProcess(0)

var stopped = 0
for (d in all.filter { isStale(it, current) }) {
    ProcessHandle.of(d.pid).ifPresent { ph ->
        ph.destroy()
        if (!ph.onExit().toCompletableFuture().completeOnTimeout(ph, 5, java.util.concurrent.TimeUnit.SECONDS).get().isAlive) stopped++
        else { ph.destroyForcibly(); stopped++ }
    }
}

val targetsFile = File(scriptDir, "reaper-targets.txt")
val targets = targetsFile.readLines()
    .filter { it.isNotBlank() && !it.trimStart().startsWith("#") }
    .flatMap(::expand)
    .filter { it.exists() }

var freed = 0L
for (t in targets) {
    val size = sizeOf(t)
    if (t.deleteRecursively()) {
        freed += size
        println("removed ${t.path} (${size / (1 shl 20)} MB)")
    } else {
        System.err.println("could not fully remove ${t.path}")
    }
}
println("stopped $stopped daemons, reclaimed ${freed / (1 shl 20)} MB")
