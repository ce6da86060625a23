package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static io.github.ycsbtiers.redis.YcsbRuns.assertRefusedWithOneLine;

import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.TlsCertificates;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A TLS-only server that wants client certificates: round trips with the right files, one clear line without. */
class TlsIT {
  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone().withTls();

  @BeforeEach
  void empty() {
    redis.server().flushAll();
  }

  @ParameterizedTest
  @EnumSource(YcsbRuns.Shape.class)
  void roundTripsWithClientCertificate(YcsbRuns.Shape shape) {
    TlsCertificates certs = redis.certificates();
    YcsbRuns.roundTrip(target(certs.caCert(), true), shape);
  }

  @Test
  void untrustedServerCertificate() {
    assertRefusedWithOneLine(load(target(redis.certificates().otherCaCert(), true)),
        "TLS handshake with redis at " + redis.server().hostAndPort() + " failed: ");
  }

  @Test
  void withoutClientCertificate() {
    assertRefusedWithOneLine(load(target(redis.certificates().caCert(), false)),
        "TLS handshake with redis at " + redis.server().hostAndPort() + " failed: ");
  }

  @Test
  void plainTextAgainstTheTlsPort() {
    assertRefusedWithOneLine(load(args("-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.port())),
        "redis at " + redis.server().hostAndPort() + " dropped the connection: ");
  }

  private static YcsbProcess.Result load(List<String> target) {
    return YcsbRuns.ycsb("load", target, args("-P", "workloads/workloada", "-p", "recordcount=10"));
  }

  private static List<String> target(Path trustedCa, boolean clientCertificate) {
    TlsCertificates certs = redis.certificates();
    List<String> t = new ArrayList<>(args("-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.port(),
        "-p", "redis.tls=true", "-p", "redis.tls.ca=" + trustedCa,
        "-p", "redis.timeout=" + TlsCertificates.HANDSHAKE_TIMEOUT_MILLIS));
    if (clientCertificate) {
      t.addAll(args("-p", "redis.tls.cert=" + certs.clientCert(), "-p", "redis.tls.key=" + certs.clientKey()));
    }
    return t;
  }
}
