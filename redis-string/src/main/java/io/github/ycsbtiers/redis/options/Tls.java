package io.github.ycsbtiers.redis.options;

import java.nio.file.Path;

/**
 * TLS on or off ({@code redis.tls}) and its PEM files, each null when not given: {@code ca} the CA
 * certificates to trust (null: the JDK's default trust store), {@code cert} the client certificate
 * (chain) and {@code key} its PKCS#8 private key.
 */
public record Tls(boolean enabled, Path ca, Path cert, Path key) {
  public static final Tls OFF = new Tls(false, null, null, null);
}
