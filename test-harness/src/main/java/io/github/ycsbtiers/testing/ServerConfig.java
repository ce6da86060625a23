package io.github.ycsbtiers.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a {@link RedisServer} was asked for: renders redis.conf and the matching redis-cli options.
 * A Sentinel ({@code sentinel}) is redis-server started with {@code --sentinel} on the same file,
 * which it rewrites as it learns the topology.
 */
record ServerConfig(String password, String aclUser, String aclPassword, TlsCertificates tls,
    boolean tlsAuthClients, boolean cluster, Map<String, String> extra, NetworkNamespace namespace, String bind,
    boolean sentinel) {

  ServerConfig {
    extra = Collections.unmodifiableMap(new LinkedHashMap<>(extra));
  }

  /** Where the server listens: loopback, the address it was bound to, or the address of the namespace it runs in. */
  String host() {
    if (namespace != null) {
      return namespace.address();
    }
    return bind == null ? RedisServer.HOST : bind;
  }

  /** The command line that starts the server with {@code conf}: inside its namespace, if it has one. */
  List<String> command(Path conf) {
    List<String> command = sentinel
        ? List.of(Executables.REDIS_SERVER, conf.toString(), "--sentinel")
        : List.of(Executables.REDIS_SERVER, conf.toString());
    return namespace == null ? command : namespace.inside(command);
  }

  /** The whole redis.conf; the port is the only thing that differs between start-up attempts. */
  String render(int port, Path dir) {
    StringBuilder conf = new StringBuilder()
        .append("bind ").append(host()).append('\n')
        .append("protected-mode no\n")
        .append("daemonize no\n")
        .append("dir ").append(quote(dir.toString())).append('\n')
        // no persistence: tests must not depend on, or be slowed by, RDB/AOF files
        .append("save \"\"\n")
        .append("appendonly no\n");
    if (tls != null) {
      conf.append("port 0\n")
          .append("tls-port ").append(port).append('\n')
          .append("tls-cert-file ").append(quote(tls.serverCert().toString())).append('\n')
          .append("tls-key-file ").append(quote(tls.serverKey().toString())).append('\n')
          .append("tls-ca-cert-file ").append(quote(tls.caCert().toString())).append('\n')
          .append("tls-auth-clients ").append(tlsAuthClients ? "yes" : "no").append('\n');
    } else {
      conf.append("port ").append(port).append('\n');
    }
    if (password != null) {
      conf.append("requirepass ").append(quote(password)).append('\n');
    }
    if (aclUser != null) {
      conf.append("user ").append(quote(aclUser)).append(" on ").append(quote(">" + aclPassword))
          .append(" ~* &* +@all\n");
    }
    if (cluster) {
      conf.append("cluster-enabled yes\n")
          .append("cluster-config-file nodes.conf\n")
          .append("cluster-node-timeout 5000\n");
    }
    extra.forEach((name, value) -> conf.append(name).append(' ').append(value).append('\n'));
    return conf.toString();
  }

  /** Options that let redis-cli reach this server as its administrator (default user). */
  List<String> cliOptions() {
    List<String> options = new ArrayList<>(tlsCliOptions());
    if (password != null) {
      options.addAll(List.of("-a", password, "--no-auth-warning"));
    }
    return options;
  }

  List<String> tlsCliOptions() {
    if (tls == null) {
      return List.of();
    }
    return List.of("--tls", "--cacert", tls.caCert().toString(),
        "--cert", tls.clientCert().toString(), "--key", tls.clientKey().toString());
  }

  /** redis.conf arguments are split like a shell line; quoting keeps spaces and quotes intact. */
  static String quote(String value) {
    return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }
}
