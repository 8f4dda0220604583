#!/usr/bin/env kotlin
// Prune old Capistrano-style release directories, keeping the newest N
// and the release that `current` points to. Dry run unless --apply.

import java.io.File
import java.nio.file.Files
import java.nio.file.LinkOption
import java.nio.file.Path
import kotlin.io.path.ExperimentalPathApi
import kotlin.io.path.deleteRecursively
import kotlin.system.exitProcess

val TIMESTAMP = Regex("""^\d{14}$""")

fun die(msg: String): Nothing {
    System.err.println("prune: $msg")
    exitProcess(2)
}

fun arg(name: String): String? = args.indexOf(name).takeIf { it >= 0 }?.let { args.getOrNull(it + 1) }
val apply = "--apply" in args
val yes = "--yes-i-checked" in args
val app = arg("--app") ?: die("--app DIR required")
val keep = arg("--keep")?.toIntOrNull() ?: 5
if (keep < 2) die("--keep must be >= 2 so a rollback target remains")

val appDir: Path = File(app).toPath().toRealPath()
val releases: Path = appDir.resolve("releases").also {
    if (!Files.isDirectory(it, LinkOption.NOFOLLOW_LINKS)) die("$it is not a directory")
}.toRealPath()
if (releases.parent != appDir) die("releases must be a real directory inside $appDir")

val current: Path? = appDir.resolve("current").let { link ->
    if (Files.isSymbolicLink(link)) link.toRealPath() else null
}

val (candidates, ignored) = Files.list(releases).use { s -> s.toList() }
    .partition { Files.isDirectory(it, LinkOption.NOFOLLOW_LINKS) && TIMESTAMP.matches(it.fileName.toString()) }
ignored.forEach { println("ignore  ${it.fileName} (not a timestamped release dir)") }

val newestFirst = candidates.sortedByDescending { it.fileName.toString() }
val kept = newestFirst.take(keep).toMutableSet()
current?.let { cur -> newestFirst.firstOrNull { it.toRealPath() == cur }?.let { kept += it } }

val doomed = newestFirst.filter { it !in kept }.filter { p ->
    val real = p.toRealPath()
    (real.parent == releases).also { inside -> if (!inside) println("skip    ${p.fileName} (resolves outside releases)") }
}

newestFirst.forEach { p ->
    val tag = when {
        current != null && p.toRealPath() == current -> "current"
        p in kept -> "keep"
        p in doomed -> "delete"
        else -> "skip"
    }
    println("%-7s %s".format(tag, p.fileName))
}

if (doomed.isEmpty()) {
    println("nothing to prune")
    exitProcess(0)
}
if (!apply) {
    println("dry run: ${doomed.size} release(s) would be removed; rerun with --apply")
    exitProcess(0)
}

val console = System.console()
if (console == null && !yes) die("no terminal to confirm; rerun interactively or add --yes-i-checked")
if (console != null) {
    val typed = console.readLine("Type '%s' to delete %d release(s): ", appDir.fileName, doomed.size)
    if (typed?.trim() != appDir.fileName.toString()) die("confirmation did not match, nothing deleted")
}

for (p in doomed) {
    val real = p.toRealPath()
    check(real.parent == releases && real != current) { "refusing to delete $real" }
    // Path.deleteRecursively does not follow symlinks: shared/ links inside a
    // release (log -> ../../shared/log) are removed as links, targets untouched.
    try {
        @OptIn(ExperimentalPathApi::class)
        real.deleteRecursively()
    } catch (e: java.io.IOException) {
        die("failed while deleting $real (${e.message}); stopping")
    }
    println("deleted $real")
}
