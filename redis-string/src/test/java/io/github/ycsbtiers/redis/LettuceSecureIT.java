package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static io.github.ycsbtiers.redis.YcsbRuns.assertRefusedWithOneLine;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.TlsCertificates;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Lettuce with an ACL user and with TLS (client certificate): round trips, and the same one-line refusals as Jedis. */
class LettuceSecureIT {
  private static final String USER = "bench";
  private static final String PASSWORD = "acl-Secret-42";

  @RegisterExtension
  static final RedisServerExtension acl = RedisServerExtension.standalone().withPassword("admin-Secret-7")
      .withAclUser(USER, PASSWORD);

  @RegisterExtension
  static final RedisServerExtension tls = RedisServerExtension.standalone().withTls();

  @ParameterizedTest
  @ValueSource(strings = {"sync", "async"})
  void aclUser(String engine) {
    acl.server().flushAll();
    YcsbProcess.Result r = YcsbRuns.roundTrip(target(acl, engine, "-p", "redis.password=" + USER + ":" + PASSWORD),
        YcsbRuns.Shape.STRING_ONE_FIELD);
    assertFalse(r.out().contains(PASSWORD) || r.err().contains(PASSWORD), "password shown");
  }

  @Test
  void wrongPasswordIsOneLine() {
    YcsbProcess.Result r = YcsbRuns.ycsb("load", target(acl, "async", "-p", "redis.password=" + USER + ":no-"
        + PASSWORD), args("-P", "workloads/workloada", "-p", "recordcount=10"));
    assertRefusedWithOneLine(r, "authentication failed for user (the user named in redis.password) at "
        + acl.server().hostAndPort() + ": WRONGPASS");
    assertFalse(r.err().contains(PASSWORD), "password shown");
  }

  @ParameterizedTest
  @ValueSource(strings = {"sync", "async"})
  void tlsWithClientCertificate(String engine) {
    tls.server().flushAll();
    TlsCertificates certs = tls.certificates();
    YcsbRuns.roundTrip(target(tls, engine, "-p", "redis.timeout=" + TlsCertificates.HANDSHAKE_TIMEOUT_MILLIS,
        "-p", "redis.tls=true", "-p", "redis.tls.ca=" + certs.caCert(),
        "-p", "redis.tls.cert=" + certs.clientCert(), "-p", "redis.tls.key=" + certs.clientKey()),
        YcsbRuns.Shape.HASH);
  }

  @Test
  void untrustedServerCertificateIsOneLine() {
    TlsCertificates certs = tls.certificates();
    YcsbProcess.Result r = YcsbRuns.ycsb("load", target(tls, "async",
        "-p", "redis.timeout=" + TlsCertificates.HANDSHAKE_TIMEOUT_MILLIS, "-p", "redis.tls=true", "-p",
        "redis.tls.ca=" + certs.otherCaCert(), "-p", "redis.tls.cert=" + certs.clientCert(), "-p",
        "redis.tls.key=" + certs.clientKey()), args("-P", "workloads/workloada", "-p", "recordcount=10"));
    assertRefusedWithOneLine(r, "TLS handshake with redis at " + tls.server().hostAndPort() + " failed: ");
  }

  private static List<String> target(RedisServerExtension server, String engine, String... more) {
    List<String> t = new ArrayList<>(args("-p", "redis.host=" + server.host(), "-p", "redis.port=" + server.port(),
        "-p", "redis.client=lettuce", "-p", "runner.engine=" + engine));
    t.addAll(args(more));
    return t;
  }
}
