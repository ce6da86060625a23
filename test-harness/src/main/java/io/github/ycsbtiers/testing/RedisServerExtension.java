package io.github.ycsbtiers.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts one {@link RedisServer} for a test class and stops it afterwards:
 * <pre>{@code
 * @RegisterExtension
 * static final RedisServerExtension redis = RedisServerExtension.standalone().withAclUser("bench", "s3cret");
 * }</pre>
 * On a static field the server lives from beforeAll to afterAll; on an instance field it lives for
 * one test. The {@code with*} methods return a new extension and leave this one unchanged.
 */
public final class RedisServerExtension
    implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {
  private final String password;
  private final String aclUser;
  private final String aclPassword;
  private final boolean tls;
  private final boolean tlsAuthClients;
  private final Map<String, String> config;

  private RedisServer server;
  private TlsCertificates certificates;
  private Path certificateDir;
  private boolean perTest;

  private RedisServerExtension(String password, String aclUser, String aclPassword, boolean tls,
      boolean tlsAuthClients, Map<String, String> config) {
    this.password = password;
    this.aclUser = aclUser;
    this.aclPassword = aclPassword;
    this.tls = tls;
    this.tlsAuthClients = tlsAuthClients;
    this.config = Collections.unmodifiableMap(new LinkedHashMap<>(config));
  }

  /** A plain server: no password, no TLS. */
  public static RedisServerExtension standalone() {
    return new RedisServerExtension(null, null, null, false, true, Map.of());
  }

  /** Password of the default user ({@code requirepass}). */
  public RedisServerExtension withPassword(String newPassword) {
    return new RedisServerExtension(newPassword, aclUser, aclPassword, tls, tlsAuthClients, config);
  }

  /** An ACL user with every permission; the default user keeps its configuration. */
  public RedisServerExtension withAclUser(String user, String userPassword) {
    return new RedisServerExtension(password, user, userPassword, tls, tlsAuthClients, config);
  }

  /** TLS only, with certificates generated in a temp dir; clients must present a certificate. */
  public RedisServerExtension withTls() {
    return withTls(true);
  }

  /** TLS only; {@code authClients} false lets clients connect without a certificate. */
  public RedisServerExtension withTls(boolean authClients) {
    return new RedisServerExtension(password, aclUser, aclPassword, true, authClients, config);
  }

  /** Any extra redis.conf directive. */
  public RedisServerExtension withConfig(String name, String value) {
    Map<String, String> more = new LinkedHashMap<>(config);
    more.put(name, value);
    return new RedisServerExtension(password, aclUser, aclPassword, tls, tlsAuthClients, more);
  }

  /** The running server; fails outside the extension's lifetime. */
  public RedisServer server() {
    if (server == null) {
      throw new IllegalStateException("redis-server is not running: register the extension with "
          + "@RegisterExtension and use it from a test or a @BeforeEach/@BeforeAll method");
    }
    return server;
  }

  /** The generated certificates; fails unless {@link #withTls()} was used. */
  public TlsCertificates certificates() {
    if (certificates == null) {
      throw new IllegalStateException("no TLS certificates: use RedisServerExtension.standalone().withTls()");
    }
    return certificates;
  }

  public String host() {
    return server().host();
  }

  public int port() {
    return server().port();
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    start();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    stop();
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    if (server == null) {
      perTest = true;
      start();
    }
  }

  @Override
  public void afterEach(ExtensionContext context) {
    if (perTest) {
      perTest = false;
      stop();
    }
  }

  private void start() {
    RedisServer.Builder builder = RedisServer.builder();
    if (password != null) {
      builder.requirePass(password);
    }
    if (aclUser != null) {
      builder.aclUser(aclUser, aclPassword);
    }
    config.forEach(builder::config);
    try {
      if (tls) {
        certificateDir = Files.createTempDirectory("ycsb-tls-");
        Reaper.trackDir(certificateDir);
        certificates = TlsCertificates.generate(certificateDir);
        builder.tls(certificates).tlsAuthClients(tlsAuthClients);
      }
      server = builder.start();
    } catch (IOException e) {
      stop();
      throw new UncheckedIOException("cannot create a temp dir for TLS certificates", e);
    } catch (RuntimeException e) {
      stop();
      throw e;
    }
  }

  private void stop() {
    try {
      if (server != null) {
        server.close();
      }
    } finally {
      server = null;
      certificates = null;
      if (certificateDir != null) {
        Reaper.deleteDir(certificateDir);
        certificateDir = null;
      }
    }
  }
}
