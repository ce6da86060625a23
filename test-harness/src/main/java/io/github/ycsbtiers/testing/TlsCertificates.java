package io.github.ycsbtiers.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * PEM certificates generated with the openssl command line at test time: a CA, a server
 * certificate for 127.0.0.1/localhost and a client certificate signed by it, and an unrelated
 * second CA for handshakes that must fail. Keys are unencrypted PKCS#8 ("BEGIN PRIVATE KEY").
 */
public final class TlsCertificates {
  /**
   * A redis.timeout for runs whose subject is not a timeout but that open TLS connections: the
   * binding gives a first handshake max(redis.timeout, 5 s), and in a JVM the tests start
   * (C1-compiled crypto) one took longer than 5 s at a load average of 28 on 2 cores.
   */
  public static final int HANDSHAKE_TIMEOUT_MILLIS = 30_000;

  private static final Duration OPENSSL_TIMEOUT = Duration.ofSeconds(30);
  private static final String PKCS8_HEADER = "-----BEGIN PRIVATE KEY-----";
  // our own config, so the result never depends on the distribution's openssl.cnf
  private static final String CONFIG = String.join("\n",
      "[req]",
      "distinguished_name = dn",
      "prompt = no",
      "[dn]",
      "CN = ycsb-tiers",
      "[ca_ext]",
      "basicConstraints = critical,CA:TRUE",
      "keyUsage = critical,keyCertSign,cRLSign",
      "subjectKeyIdentifier = hash",
      "[server_ext]",
      "basicConstraints = CA:FALSE",
      "keyUsage = critical,digitalSignature,keyEncipherment",
      "extendedKeyUsage = serverAuth",
      "subjectAltName = IP:127.0.0.1,DNS:localhost",
      "[client_ext]",
      "basicConstraints = CA:FALSE",
      "keyUsage = critical,digitalSignature,keyEncipherment",
      "extendedKeyUsage = clientAuth",
      "");

  private final Path dir;

  private TlsCertificates(Path dir) {
    this.dir = dir;
  }

  /** Generates every file in {@code dir} (created if missing); fails when openssl is not on the PATH. */
  public static TlsCertificates generate(Path dir) {
    Executables.requireOpenssl();
    try {
      Files.createDirectories(dir);
      Files.writeString(dir.resolve("openssl.cnf"), CONFIG, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write to " + dir, e);
    }
    TlsCertificates certs = new TlsCertificates(dir);
    certs.selfSignedCa("ca", "ycsb-tiers test CA");
    certs.signed("server", "localhost", "server_ext");
    certs.signed("client", "ycsb-tiers test client", "client_ext");
    certs.selfSignedCa("other-ca", "ycsb-tiers unrelated CA");
    return certs;
  }

  public Path dir() {
    return dir;
  }

  public Path caCert() {
    return dir.resolve("ca.crt");
  }

  public Path serverCert() {
    return dir.resolve("server.crt");
  }

  public Path serverKey() {
    return dir.resolve("server.key");
  }

  public Path clientCert() {
    return dir.resolve("client.crt");
  }

  public Path clientKey() {
    return dir.resolve("client.key");
  }

  /** A second, unrelated CA: a client trusting only this one must fail the handshake. */
  public Path otherCaCert() {
    return dir.resolve("other-ca.crt");
  }

  /** A TLS context that trusts {@link #caCert()} and presents the client certificate. */
  public SSLContext sslContext() {
    return sslContext(caCert(), true);
  }

  /** A TLS context trusting {@code trustedCa}, with or without the client certificate. */
  public SSLContext sslContext(Path trustedCa, boolean presentClientCert) {
    try {
      KeyStore trust = KeyStore.getInstance("PKCS12");
      trust.load(null, null);
      trust.setCertificateEntry("ca", readCertificate(trustedCa));
      TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(trust);
      KeyManagerFactory kmf = null;
      if (presentClientCert) {
        char[] password = new char[0];
        KeyStore keys = KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        keys.setKeyEntry("client", readPrivateKey(clientKey()), password,
            new Certificate[] {readCertificate(clientCert())});
        kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, password);
      }
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(kmf == null ? null : kmf.getKeyManagers(), tmf.getTrustManagers(), new SecureRandom());
      return context;
    } catch (GeneralSecurityException | IOException e) {
      throw new IllegalStateException("cannot build a TLS context from " + dir, e);
    }
  }

  private void selfSignedCa(String name, String commonName) {
    openssl("req", "-x509", "-new", "-newkey", "rsa:2048", "-nodes", "-sha256", "-days", "3650",
        "-config", "openssl.cnf", "-extensions", "ca_ext", "-subj", "/CN=" + commonName,
        "-keyout", name + ".key", "-out", name + ".crt");
    requirePkcs8(name + ".key");
  }

  private void signed(String name, String commonName, String extensions) {
    openssl("req", "-new", "-newkey", "rsa:2048", "-nodes", "-sha256", "-config", "openssl.cnf",
        "-subj", "/CN=" + commonName, "-keyout", name + ".key", "-out", name + ".csr");
    openssl("x509", "-req", "-in", name + ".csr", "-CA", "ca.crt", "-CAkey", "ca.key",
        "-set_serial", "0x" + Long.toHexString(new SecureRandom().nextLong() >>> 1), "-days", "3650", "-sha256",
        "-extfile", "openssl.cnf", "-extensions", extensions, "-out", name + ".crt");
    requirePkcs8(name + ".key");
  }

  /** OpenSSL 1.x wrote traditional "BEGIN RSA PRIVATE KEY" in some set-ups; convert rather than fail. */
  private void requirePkcs8(String keyFile) {
    try {
      if (!Files.readString(dir.resolve(keyFile), StandardCharsets.US_ASCII).startsWith(PKCS8_HEADER)) {
        openssl("pkcs8", "-topk8", "-nocrypt", "-in", keyFile, "-out", keyFile + ".p8");
        Files.move(dir.resolve(keyFile + ".p8"), dir.resolve(keyFile),
            StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + keyFile, e);
    }
  }

  private void openssl(String... args) {
    List<String> command = new ArrayList<>();
    command.add(Executables.OPENSSL);
    command.addAll(List.of(args));
    CliResult result = Exec.run(command, dir, OPENSSL_TIMEOUT);
    if (!result.ok()) {
      throw new IllegalStateException("openssl " + String.join(" ", args) + " failed with status "
          + result.status() + ": " + result.output().strip());
    }
  }

  private static Certificate readCertificate(Path pem) throws IOException, GeneralSecurityException {
    try (InputStream in = Files.newInputStream(pem)) {
      return CertificateFactory.getInstance("X.509").generateCertificate(in);
    }
  }

  private static PrivateKey readPrivateKey(Path pem) throws IOException, GeneralSecurityException {
    String base64 = Files.readString(pem, StandardCharsets.US_ASCII)
        .replace(PKCS8_HEADER, "")
        .replace("-----END PRIVATE KEY-----", "")
        .replaceAll("\\s", "");
    return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64)));
  }
}
