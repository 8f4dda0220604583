#!/usr/bin/env kotlin
// check-settings.main.kts - report whether Maven server secrets are encrypted.
// Prints server ids and states only; never prints a secret value. No network access.

import java.io.File
import java.nio.file.Files
import java.nio.file.attribute.PosixFilePermission
import java.nio.file.attribute.PosixFilePermissions
import javax.xml.parsers.DocumentBuilderFactory
import org.w3c.dom.Element

val home = System.getProperty("user.home")
var settingsPath = "$home/.m2/settings.xml"
var securityPath = "$home/.m2/settings-security.xml"
var fixPerms = false

var i = 0
while (i < args.size) {
    when (args[i]) {
        "--settings" -> { settingsPath = args[i + 1]; i++ }
        "--security" -> { securityPath = args[i + 1]; i++ }
        "--fix-perms" -> fixPerms = true
        else -> { System.err.println("unknown argument ${args[i]}"); kotlin.system.exitProcess(2) }
    }
    i++
}

enum class State { ENCRYPTED, PLAINTEXT, ENV, EMPTY }

fun classify(raw: String?): State {
    val v = raw?.trim().orEmpty()
    return when {
        v.isEmpty() -> State.EMPTY
        Regex("""^\{[A-Za-z0-9+/=]{16,}}$""").matches(v) -> State.ENCRYPTED
        // Maven allows comments before the braces: "Oleg's password {...}"
        Regex("""\{[A-Za-z0-9+/=]{16,}}\s*$""").containsMatchIn(v) -> State.ENCRYPTED
        Regex("""^\$\{env\.[A-Za-z0-9_]+}$""").matches(v) -> State.ENV
        else -> State.PLAINTEXT
    }
}

fun parse(file: File): org.w3c.dom.Document {
    val f = DocumentBuilderFactory.newInstance()
    // no external entities / DTDs: the file is local input, but keep the parser strict
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true)
    f.isExpandEntityReferences = false
    return f.newDocumentBuilder().parse(file)
}

fun childText(e: Element, name: String): String? =
    e.getElementsByTagName(name).let { if (it.length > 0) it.item(0).textContent else null }

fun permString(file: File): String? = try {
    PosixFilePermissions.toString(Files.getPosixFilePermissions(file.toPath()))
} catch (e: UnsupportedOperationException) { null }

fun tooOpen(file: File): Boolean = try {
    val p = Files.getPosixFilePermissions(file.toPath())
    p.any { it in setOf(PosixFilePermission.GROUP_READ, PosixFilePermission.OTHERS_READ,
                        PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_WRITE) }
} catch (e: UnsupportedOperationException) { false }

val settings = File(settingsPath)
if (!settings.isFile) {
    println("no settings file at $settingsPath - nothing to check")
    kotlin.system.exitProcess(0)
}

val doc = parse(settings)
val servers = doc.getElementsByTagName("server")
var plaintext = 0
println("settings: $settingsPath  perm: ${permString(settings) ?: "n/a"}")
for (n in 0 until servers.length) {
    val s = servers.item(n) as Element
    val id = childText(s, "id") ?: "(no id)"
    val pw = classify(childText(s, "password"))
    val pp = classify(childText(s, "passphrase"))
    val key = if (childText(s, "privateKey") != null) " privateKey: path set" else ""
    if (pw == State.PLAINTEXT || pp == State.PLAINTEXT) plaintext++
    println("  server %-28s password: %-9s passphrase: %-9s%s".format(
        id, pw.name.lowercase(), pp.name.lowercase(), key))
}

val security = File(securityPath)
if (security.isFile) {
    val master = classify(childText(parse(security).documentElement, "master"))
    println("security: $securityPath  perm: ${permString(security) ?: "n/a"}  master: ${master.name.lowercase()}")
} else if (plaintext > 0 || servers.length > 0) {
    println("security: missing - run `mvn --encrypt-master-password` before encrypting server passwords")
}

val open = listOf(settings, security).filter { it.isFile && tooOpen(it) }
if (open.isNotEmpty()) {
    if (fixPerms) {
        open.forEach {
            Files.setPosixFilePermissions(it.toPath(), PosixFilePermissions.fromString("rw-------"))
            println("fixed permissions: ${it.path} -> rw-------")
        }
    } else {
        println("readable by group/others: ${open.joinToString { it.path }} (re-run with --fix-perms)")
    }
}
println("summary: ${servers.length} servers, $plaintext with plaintext secrets")
kotlin.system.exitProcess(if (plaintext > 0) 1 else 0)
