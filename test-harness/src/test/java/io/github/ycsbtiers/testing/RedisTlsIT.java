package io.github.ycsbtiers.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class RedisTlsIT {
  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone().withTls();

  @Test
  void keysArePkcs8Pem() throws IOException {
    TlsCertificates certs = redis.certificates();
    for (var key : List.of(certs.serverKey(), certs.clientKey())) {
      assertTrue(Files.readString(key).startsWith("-----BEGIN PRIVATE KEY-----"), key.toString());
    }
    assertTrue(Files.readString(certs.otherCaCert()).startsWith("-----BEGIN CERTIFICATE-----"));
  }

  @Test
  void redisCliWithTheCaWorks() {
    assertEquals("PONG", redis.server().cli("PING"));
    assertEquals("port\n0", redis.server().cli("CONFIG", "GET", "port"), "the plain port is off");
  }

  @Test
  void redisCliWithoutTlsFails() {
    CliResult result = redis.server().tryCli(List.of("-e"), "PING");
    assertFalse(result.ok() && result.out().contains("PONG"), result.output());
  }

  @Test
  void javaClientTrustingTheCaGetsPong() throws IOException {
    assertEquals("+PONG", ping(redis.certificates().sslContext()));
  }

  @Test
  void javaClientTrustingAnotherCaFailsTheHandshake() {
    TlsCertificates certs = redis.certificates();
    assertThrows(SSLException.class, () -> ping(certs.sslContext(certs.otherCaCert(), true)));
  }

  @Test
  void clientWithoutCertificateIsRefusedWhenClientsMustAuthenticate() {
    TlsCertificates certs = redis.certificates();
    assertThrows(IOException.class, () -> ping(certs.sslContext(certs.caCert(), false)));
  }

  @Test
  void tlsAuthClientsOffAcceptsClientsWithoutCertificate() throws IOException {
    TlsCertificates certs = redis.certificates();
    try (RedisServer server = RedisServer.builder().tls(certs).tlsAuthClients(false).start()) {
      assertEquals("+PONG", ping(server, certs.sslContext(certs.caCert(), false)));
    }
  }

  private static String ping(SSLContext context) throws IOException {
    return ping(redis.server(), context);
  }

  /** An inline PING over a raw TLS socket: proves the certificates work for Java clients. */
  private static String ping(RedisServer server, SSLContext context) throws IOException {
    try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket(server.host(), server.port())) {
      socket.setSoTimeout(5000);
      socket.startHandshake();
      OutputStream out = socket.getOutputStream();
      out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      StringBuilder reply = new StringBuilder();
      for (int c = in.read(); c >= 0 && c != '\r'; c = in.read()) {
        reply.append((char) c);
      }
      if (reply.length() == 0) {
        throw new IOException("connection closed without a reply");
      }
      return reply.toString();
    }
  }
}
