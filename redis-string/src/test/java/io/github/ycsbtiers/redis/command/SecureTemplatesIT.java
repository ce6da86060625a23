package io.github.ycsbtiers.redis.command;

import static io.github.ycsbtiers.redis.command.TemplateRuns.assertCompleted;
import static io.github.ycsbtiers.redis.command.TemplateRuns.calls;
import static io.github.ycsbtiers.redis.command.TemplateRuns.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.TlsCertificates;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Command templates over an ACL user and over TLS with a client certificate, as the other operations. */
class SecureTemplatesIT {
  private static final String USER = "bench";
  private static final String PASSWORD = "acl-Secret-42";

  @RegisterExtension
  static final RedisServerExtension acl = RedisServerExtension.standalone().withPassword("admin-Secret-7")
      .withAclUser(USER, PASSWORD);

  @RegisterExtension
  static final RedisServerExtension tls = RedisServerExtension.standalone().withTls();

  /** Lettuce, whose transactions are framed by the command package (Jedis's path is the same pool as for records). */
  @ParameterizedTest
  @ValueSource(strings = {"lettuce"})
  void aclUser(String client) {
    acl.server().resetStats();
    YcsbProcess.Result r = ycsb("run", "bitmap-setbit-multi10", target(acl, client, "-p", "redis.password=" + USER
        + ":" + PASSWORD), "-p", "operationcount=100");
    assertCompleted(r);
    assertFalse(r.out().contains(PASSWORD) || r.err().contains(PASSWORD), "password shown");
    Map<String, Long> calls = acl.server().commandCalls();
    assertEquals(100L, calls(calls, "exec"), calls.toString());
    assertEquals(1000L, calls(calls, "setbit"), calls.toString());
  }

  @ParameterizedTest
  @ValueSource(strings = {"jedis"})
  void tlsWithClientCertificate(String client) {
    tls.server().resetStats();
    TlsCertificates certs = tls.certificates();
    YcsbProcess.Result r = ycsb("run", "bitmap-setbit", target(tls, client, "-p", "redis.tls=true",
        "-p", "redis.timeout=" + TlsCertificates.HANDSHAKE_TIMEOUT_MILLIS,
        "-p", "redis.tls.ca=" + certs.caCert(), "-p", "redis.tls.cert=" + certs.clientCert(),
        "-p", "redis.tls.key=" + certs.clientKey()), "-p", "operationcount=300");
    assertCompleted(r);
    assertEquals(300L, calls(tls.server().commandCalls(), "setbit"));
  }

  private static List<String> target(RedisServerExtension server, String client, String... more) {
    List<String> t = new ArrayList<>(List.of("-p", "redis.host=" + server.host(), "-p", "redis.port=" + server.port(),
        "-p", "redis.client=" + client, "-p", "runner.engine=auto", "-threads", "4"));
    t.addAll(List.of(more));
    return t;
  }
}
