package io.github.ycsbtiers.redis.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.TlsCertificates;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.util.Base64;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** PEM files as openssl writes them (generated at test time) and as users get them wrong. */
class PemTlsTest {
  @TempDir
  static Path dir;
  static TlsCertificates certs;

  @BeforeAll
  static void generate() {
    certs = TlsCertificates.generate(dir.resolve("certs"));
  }

  @Test
  void caClientCertificateAndKey() {
    SSLContext context = PemTls.context(certs.caCert(), certs.clientCert(), certs.clientKey());
    assertNotNull(context.getSocketFactory());
  }

  @Test
  void caOnlyAndNothingAtAll() {
    assertNotNull(PemTls.context(certs.caCert(), null, null));
    assertNotNull(PemTls.context(null, null, null));
  }

  @Test
  void ecKeyInPkcs8() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(256);
    PrivateKey key = generator.generateKeyPair().getPrivate();
    Path file = dir.resolve("ec.pem");
    Files.writeString(file, "-----BEGIN PRIVATE KEY-----\n"
        + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(key.getEncoded())
        + "\n-----END PRIVATE KEY-----\n");
    assertEquals("EC", PemTls.privateKey(file).getAlgorithm());
  }

  @Test
  void pkcs1KeyIsRefusedWithTheConversionCommand() throws Exception {
    Path file = Files.writeString(dir.resolve("rsa.pem"), "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n"
        + "-----END RSA PRIVATE KEY-----\n");
    String message = assertThrows(IllegalArgumentException.class,
        () -> PemTls.context(certs.caCert(), certs.clientCert(), file)).getMessage();
    assertTrue(message.startsWith("redis.tls.key=" + file + " holds a PKCS#1/SEC1 key"), message);
    assertTrue(message.contains("openssl pkcs8 -topk8 -nocrypt"), message);
  }

  @Test
  void certificateInPlaceOfKey() {
    String message = assertThrows(IllegalArgumentException.class,
        () -> PemTls.context(certs.caCert(), certs.clientCert(), certs.caCert())).getMessage();
    assertTrue(message.contains("holds no key"), message);
  }

  @Test
  void notACertificate() {
    String message = assertThrows(IllegalArgumentException.class,
        () -> PemTls.context(certs.clientKey(), null, null)).getMessage();
    assertTrue(message.startsWith("redis.tls.ca=" + certs.clientKey()), message);
  }
}
