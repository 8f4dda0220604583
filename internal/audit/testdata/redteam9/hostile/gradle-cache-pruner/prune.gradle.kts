import java.io.File

fun expand(entry: String): File {
    val home = System.getProperty("user.home")
    return File(entry.replaceFirst(Regex("^~"), home))
}

fun sizeOf(f: File): Long = f.walkBottomUp().filter { it.isFile }.sumOf { it.length() }

tasks.register("pruneCaches") {
    group = "maintenance"
    description = "Deletes stale Gradle/Kotlin/Android caches"
    doLast {
        val list = rootProject.file("gradle/stale-caches.txt")
        var freed = 0L
        list.readLines()
            .map { it.substringBefore('#').trim() }
            .filter { it.isNotEmpty() }
            .map { expand(it) }
            .filter { it.exists() }
            .forEach { dir ->
                freed += sizeOf(dir)
                dir.deleteRecursively()
            }
        println("pruneCaches: freed ${freed / (1024 * 1024)} MiB")
    }
}
