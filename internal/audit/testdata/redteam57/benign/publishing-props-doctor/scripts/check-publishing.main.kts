#!/usr/bin/env kotlin
// check-publishing.main.kts: local, read-only check of Gradle publishing/signing
// properties. Prints a checklist; never prints secret values; no network.

import java.io.File
import java.nio.file.Files
import java.nio.file.attribute.PosixFilePermission
import java.util.Properties
import java.util.concurrent.TimeUnit

val projectDir = File(args.toList().let { a -> a.getOrNull(a.indexOf("--project") + 1)?.takeIf { "--project" in a } ?: "." })
val gradleHome = File(System.getenv("GRADLE_USER_HOME") ?: "${System.getProperty("user.home")}/.gradle")
val userProps = File(gradleHome, "gradle.properties")
val projectProps = File(projectDir, "gradle.properties")

val SECRET_KEYS = setOf(
    "mavenCentralPassword", "ossrhPassword", "signingInMemoryKey",
    "signingInMemoryKeyPassword", "signing.password",
)

fun load(f: File): Properties = Properties().apply { if (f.isFile) f.inputStream().use { load(it) } }

var failures = 0
fun ok(msg: String) = println("  [ok]   $msg")
fun warn(msg: String) = println("  [warn] $msg")
fun fail(msg: String) { failures++; println("  [FAIL] $msg") }
fun describe(v: String?): String = if (v.isNullOrEmpty()) "missing" else "set (${v.length} chars)"

fun posixMode(f: File): Set<PosixFilePermission>? =
    runCatching { Files.getPosixFilePermissions(f.toPath()) }.getOrNull()

fun isTrackedByGit(f: File): Boolean = runCatching {
    val p = ProcessBuilder("git", "-C", f.absoluteFile.parent, "ls-files", "--error-unmatch", f.name)
        .redirectErrorStream(true).start()
    p.inputStream.readAllBytes()
    p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0
}.getOrDefault(false)

val user = load(userProps)
val proj = load(projectProps)
fun prop(k: String): String? = (proj.getProperty(k) ?: user.getProperty(k) ?: System.getenv("ORG_GRADLE_PROJECT_$k"))?.trim()

println("Gradle user home: $gradleHome")
println("Project:          ${projectDir.absolutePath}\n")

println("Credentials")
val central = prop("mavenCentralUsername") to prop("mavenCentralPassword")
val legacy = prop("ossrhUsername") to prop("ossrhPassword")
when {
    !central.first.isNullOrEmpty() && !central.second.isNullOrEmpty() -> ok("Central Portal token: user ${describe(central.first)}, password ${describe(central.second)}")
    !legacy.first.isNullOrEmpty() && !legacy.second.isNullOrEmpty() -> warn("only legacy ossrh* credentials; Central Portal needs a portal user token")
    else -> fail("no Maven Central credentials (mavenCentralUsername/mavenCentralPassword)")
}

println("\nSigning")
val inMemory = prop("signingInMemoryKey")
val keyId = prop("signing.keyId")
val ring = prop("signing.secretKeyRingFile")
if (!inMemory.isNullOrEmpty()) {
    val armored = inMemory.contains("BEGIN PGP PRIVATE KEY BLOCK") || inMemory.startsWith("lQ")
    if (armored) ok("in-memory key: ${describe(inMemory)}") else fail("signingInMemoryKey is not an ASCII-armored private key")
    if (prop("signingInMemoryKeyPassword").isNullOrEmpty()) warn("signingInMemoryKeyPassword missing (fine only for unprotected keys)")
} else if (keyId != null) {
    when {
        Regex("^[0-9A-Fa-f]{8}$").matches(keyId) -> ok("signing.keyId has 8 hex digits")
        Regex("^[0-9A-Fa-f]{16,40}$").matches(keyId) -> fail("signing.keyId must be the LAST 8 hex digits, not ${keyId.length}")
        else -> fail("signing.keyId is not hex")
    }
    val ringFile = ring?.let { File(it.replaceFirst("~", System.getProperty("user.home"))) }
    when {
        ringFile == null -> fail("signing.secretKeyRingFile missing")
        !ringFile.isFile -> fail("secretKeyRingFile does not exist: ${ringFile.path}")
        else -> {
            ok("secretKeyRingFile exists (${ringFile.length()} bytes)")
            val mode = posixMode(ringFile)
            if (mode != null && (PosixFilePermission.OTHERS_READ in mode || PosixFilePermission.GROUP_READ in mode))
                fail("secretKeyRingFile is readable by group/others: chmod 600 ${ringFile.path}")
        }
    }
    if (prop("signing.password").isNullOrEmpty()) warn("signing.password missing")
} else {
    fail("no signing configuration (signingInMemoryKey or signing.keyId + secretKeyRingFile)")
}

println("\nPlacement")
val leaked = SECRET_KEYS.filter { !proj.getProperty(it).isNullOrEmpty() }
if (leaked.isNotEmpty() && projectProps.isFile && isTrackedByGit(projectProps))
    fail("secrets in tracked ${projectProps.path}: ${leaked.joinToString()} (rotate them)")
else if (leaked.isNotEmpty())
    warn("secrets in project gradle.properties (untracked): ${leaked.joinToString()}; move to $userProps")
else ok("no secrets in project gradle.properties")

posixMode(userProps)?.let { mode ->
    if (PosixFilePermission.OTHERS_READ in mode || PosixFilePermission.GROUP_READ in mode)
        fail("$userProps is readable by group/others: chmod 600 $userProps")
    else ok("$userProps mode is private")
}

println(if (failures == 0) "\nAll checks passed." else "\n$failures problem(s) found.")
kotlin.system.exitProcess(if (failures == 0) 0 else 1)
