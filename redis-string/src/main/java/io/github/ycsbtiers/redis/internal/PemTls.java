package io.github.ycsbtiers.redis.internal;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * An {@link SSLContext} from PEM files, with JDK classes only: CA certificates to trust, and
 * optionally a client certificate chain with its unencrypted PKCS#8 key (RSA or EC), which is what
 * {@code openssl} and Redis' own TLS set-up produce.
 */
final class PemTls {
  private static final String KEY_BEGIN = "-----BEGIN PRIVATE KEY-----";
  private static final String KEY_END = "-----END PRIVATE KEY-----";
  /** Protects the key only inside this in-memory key store. */
  private static final char[] STORE_PASSWORD = "in-memory".toCharArray();

  private PemTls() {
  }

  /**
   * @param ca CA certificates to trust, or null for the JDK's default trust store
   * @param cert client certificate chain, or null for none
   * @param key the client certificate's key; null exactly when {@code cert} is
   * @throws IllegalArgumentException naming the file that cannot be used and why
   */
  static SSLContext context(Path ca, Path cert, Path key) {
    try {
      TrustManagerFactory trust = null;
      if (ca != null) {
        KeyStore store = emptyStore();
        int i = 0;
        for (Certificate c : certificates(ca, "redis.tls.ca")) {
          store.setCertificateEntry("ca-" + i++, c);
        }
        trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(store);
      }
      KeyManagerFactory keys = null;
      if (cert != null) {
        KeyStore store = emptyStore();
        List<Certificate> chain = certificates(cert, "redis.tls.cert");
        store.setKeyEntry("client", privateKey(key), STORE_PASSWORD, chain.toArray(new Certificate[0]));
        keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(store, STORE_PASSWORD);
      }
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(keys == null ? null : keys.getKeyManagers(), trust == null ? null : trust.getTrustManagers(), null);
      return context;
    } catch (GeneralSecurityException | IOException e) {
      throw new IllegalArgumentException("cannot set up TLS from redis.tls.ca=" + ca + ", redis.tls.cert=" + cert
          + ", redis.tls.key=" + key + ": " + e.getMessage(), e);
    }
  }

  private static KeyStore emptyStore() throws GeneralSecurityException, IOException {
    KeyStore store = KeyStore.getInstance("PKCS12");
    store.load(null, null);
    return store;
  }

  private static List<Certificate> certificates(Path file, String property) throws IOException {
    try {
      Collection<? extends Certificate> certs = CertificateFactory.getInstance("X.509")
          .generateCertificates(new ByteArrayInputStream(Files.readAllBytes(file)));
      if (certs.isEmpty()) {
        throw new IllegalArgumentException(property + "=" + file + " holds no PEM certificate");
      }
      return List.copyOf(certs);
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException(property + "=" + file + " is not a PEM certificate file: " + e.getMessage(), e);
    }
  }

  static PrivateKey privateKey(Path file) throws IOException {
    String pem = Files.readString(file, StandardCharsets.US_ASCII);
    int begin = pem.indexOf(KEY_BEGIN);
    int end = pem.indexOf(KEY_END);
    if (begin < 0 || end < begin) {
      String found = pem.contains("ENCRYPTED PRIVATE KEY") ? "an encrypted key"
          : pem.contains("RSA PRIVATE KEY") || pem.contains("EC PRIVATE KEY") ? "a PKCS#1/SEC1 key" : "no key";
      throw new IllegalArgumentException("redis.tls.key=" + file + " holds " + found + ", not an unencrypted PKCS#8 "
          + "key (" + KEY_BEGIN + "); convert it with: openssl pkcs8 -topk8 -nocrypt -in <key> -out <key.pem>");
    }
    byte[] der;
    try {
      der = Base64.getMimeDecoder().decode(pem.substring(begin + KEY_BEGIN.length(), end));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("redis.tls.key=" + file + " is not valid PEM: " + e.getMessage(), e);
    }
    for (String algorithm : List.of("RSA", "EC")) {
      try {
        return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
      } catch (GeneralSecurityException e) {
        // try the next algorithm
      }
    }
    throw new IllegalArgumentException("redis.tls.key=" + file + " is neither an RSA nor an EC PKCS#8 key");
  }
}
