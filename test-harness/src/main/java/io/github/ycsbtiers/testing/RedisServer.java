package io.github.ycsbtiers.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntSupplier;

/**
 * A real redis-server on a free loopback port (or on another address: {@link Builder#bind},
 * {@link Builder#inNamespace}), in its own temp dir (removed on close), without persistence.
 * Start-up waits until the server answers PING; statistics are reset once it is ready so
 * {@link #commandCalls()} counts only what the test did.
 */
public final class RedisServer implements AutoCloseable {
  static final String HOST = "127.0.0.1";
  static final Duration CLI_TIMEOUT = Duration.ofSeconds(10);
  private static final int START_ATTEMPTS = 5;

  private final ServerConfig config;
  private final Path dir;
  private final int port;
  private final ServerProcess process;
  private boolean closed;
  private boolean paused;

  private RedisServer(ServerConfig config, Path dir, int port) {
    this.config = config;
    this.dir = dir;
    this.port = port;
    this.process = new ServerProcess(config, dir, port);
  }

  /** A plain server: no password, no TLS. */
  public static RedisServer start() {
    return builder().start();
  }

  public static Builder builder() {
    return new Builder();
  }

  static RedisServer start(ServerConfig config, IntSupplier ports) {
    Executables.requireRedis();
    Path dir = createDir();
    RuntimeException portTaken = null;
    for (int attempt = 0; attempt < START_ATTEMPTS; attempt++) {
      RedisServer server = new RedisServer(config, dir, ports.getAsInt());
      try {
        server.process.launch(false);
        server.process.awaitReady(server::ping);
        if (!config.sentinel()) {
          server.resetStats();
        }
        return server;
      } catch (ServerProcess.PortInUseException e) {
        server.process.kill();
        portTaken = e;
      } catch (RuntimeException e) {
        server.process.kill();
        Reaper.deleteDir(dir);
        throw e;
      }
    }
    Reaper.deleteDir(dir);
    throw new IllegalStateException("redis-server found no free port in " + START_ATTEMPTS + " attempts",
        portTaken);
  }

  public String host() {
    return config.host();
  }

  /** The port clients connect to: the TLS port when TLS is on. */
  public int port() {
    return port;
  }

  public String hostAndPort() {
    return config.host() + ":" + port;
  }

  /** Process id of the running redis-server (it changes with {@link #restart()}). */
  public synchronized long pid() {
    return process.pid();
  }

  public Path logFile() {
    return process.logFile();
  }

  /** The last lines of the server log, for failure messages. */
  public String logTail() {
    return process.logTail();
  }

  /** The temp dir that holds redis.conf, the log and (for Cluster) nodes.conf. */
  public Path dir() {
    return dir;
  }

  /** The certificates this server uses, or null without TLS. */
  public TlsCertificates tls() {
    return config.tls();
  }

  /**
   * Runs a command against this server as its administrator, as redis-cli would (password and TLS handled) and returns
   * stdout without its final line break; fails on a non-zero exit or an error reply.
   */
  public String cli(String... args) {
    CliResult result = asAdministrator(args);
    if (!result.ok()) {
      throw new IllegalStateException("redis-cli " + String.join(" ", args) + " against " + hostAndPort()
          + " exited with " + result.status() + ": " + result.output().strip());
    }
    String out = result.out();
    return out.endsWith("\n") ? out.substring(0, out.length() - 1) : out;
  }

  /**
   * {@code args} as the administrator: over a connection of this JVM's own ({@link RespCall}, a
   * fraction of a redis-cli process's CPU), or with redis-cli for TLS and for redis-cli's options
   * (an argument list that starts with one, such as {@code -c}); an error reply fails either way.
   */
  private CliResult asAdministrator(String... args) {
    if (config.tls() == null && args.length > 0 && !args[0].startsWith("-")) {
      return RespCall.run(config.host(), port, config.password(), CLI_TIMEOUT, List.of(args));
    }
    List<String> options = new ArrayList<>(config.cliOptions());
    options.add("-e"); // redis-cli exits 0 on error replies without it
    return tryCli(options, args);
  }

  /**
   * Runs redis-cli with only host and port plus exactly the given options (no auth, no TLS unless
   * passed), for tests that expect a failure; never throws on a non-zero exit.
   */
  public CliResult tryCli(List<String> options, String... args) {
    List<String> command = new ArrayList<>(List.of(Executables.REDIS_CLI, "-h", config.host(), "-p", String.valueOf(port)));
    command.addAll(options);
    command.addAll(List.of(args));
    return Exec.run(command, dir, CLI_TIMEOUT);
  }

  /** The redis-cli options {@link #cli} uses: TLS flags and the default user's password. */
  public List<String> cliOptions() {
    return config.cliOptions();
  }

  /** Only the redis-cli TLS options (empty without TLS), to combine with another user's auth. */
  public List<String> tlsCliOptions() {
    return config.tlsCliOptions();
  }

  /** Raw {@code INFO <section>} text. */
  public String info(String section) {
    return cli("INFO", section);
  }

  /** INFO commandstats as lower-case command name to calls, e.g. {@code {"get"=500, "set"=1000}}. */
  public Map<String, Long> commandCalls() {
    return CommandStats.parse(info("commandstats"));
  }

  public void resetStats() {
    cli("CONFIG", "RESETSTAT");
  }

  public void flushAll() {
    cli("FLUSHALL");
  }

  /** Kills the process with SIGKILL and starts it again on the same port and config. */
  public synchronized void restart() {
    if (closed) {
      throw new IllegalStateException("redis-server on " + hostAndPort() + " is closed");
    }
    paused = false;
    process.kill();
    process.launch(true);
    try {
      process.awaitReady(this::ping);
    } catch (ServerProcess.PortInUseException e) {
      throw new IllegalStateException("redis-server could not get port " + port + " back after restart", e);
    }
  }

  /** SIGKILL, as a crash would; the server stays down until {@link #startAgain()}. */
  public synchronized void kill() {
    requireOpen();
    paused = false;
    process.kill();
  }

  /** Starts the server again on the same port and config after {@link #kill()}, and waits until it answers. */
  public synchronized void startAgain() {
    requireOpen();
    process.launch(true);
    try {
      process.awaitReady(this::ping);
    } catch (ServerProcess.PortInUseException e) {
      throw new IllegalStateException("redis-server could not get port " + port + " back", e);
    }
  }

  /** SIGSTOP: the process keeps its port and connections but answers nothing until {@link #resume()}. */
  public synchronized void pause() {
    requireOpen();
    signal("STOP");
    paused = true;
  }

  /** SIGCONT after {@link #pause()}. */
  public synchronized void resume() {
    requireOpen();
    signal("CONT");
    paused = false;
  }

  private void signal(String name) {
    // the shell's built-in kill: a minimal Debian has no /bin/kill (procps)
    CliResult r = Exec.run(List.of("sh", "-c", "kill -" + name + " " + process.pid()), dir, Duration.ofSeconds(5));
    if (!r.ok()) {
      throw new IllegalStateException("kill -" + name + " " + process.pid() + " failed: " + r.output());
    }
  }

  private void requireOpen() {
    if (closed) {
      throw new IllegalStateException("redis-server on " + hostAndPort() + " is closed");
    }
  }

  /** SHUTDOWN NOSAVE, then SIGTERM/SIGKILL if still alive after a few seconds; deletes its dir. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    if (paused) {
      resume(); // a stopped process would not answer SHUTDOWN nor act on SIGTERM
    }
    closed = true;
    try {
      process.stop(() -> asAdministrator("SHUTDOWN", "NOSAVE"));
    } finally {
      Reaper.deleteDir(dir);
    }
  }

  @Override
  public String toString() {
    return "RedisServer[" + hostAndPort() + (config.sentinel() ? ", sentinel" : "")
        + (config.tls() != null ? ", tls" : "")
        + (config.cluster() ? ", cluster" : "") + "]";
  }

  private static Path createDir() {
    try {
      Path dir = Files.createTempDirectory("ycsb-redis-");
      Reaper.trackDir(dir);
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a temp dir for redis-server", e);
    }
  }

  private CliResult ping() {
    return asAdministrator("PING");
  }

  /** Options for a server; every setter returns this builder. */
  public static final class Builder {
    private String password;
    private String aclUser;
    private String aclPassword;
    private TlsCertificates tls;
    private Boolean tlsAuthClients;
    private boolean cluster;
    private final Map<String, String> extra = new LinkedHashMap<>();
    private IntSupplier ports = Ports::freePort;
    private NetworkNamespace namespace;
    private String bind;
    private boolean sentinel;

    private Builder() {
    }

    /**
     * Runs the server inside {@code namespace}, listening on its address (the test reaches it over
     * the namespace's link, which {@link NetworkNamespace#cut} can take down); the namespace
     * outlives the server and is closed by the test.
     */
    public Builder inNamespace(NetworkNamespace namespace) {
      this.namespace = Objects.requireNonNull(namespace, "namespace");
      return this;
    }

    /**
     * Listens on {@code address}, an address of the test's own namespace, instead of loopback: a
     * namespace's {@link NetworkNamespace#gateway}, which a server inside the namespace can reach
     * (a Cluster bus between the two) and loopback cannot. Not with {@link #inNamespace}.
     */
    public Builder bind(String address) {
      this.bind = Objects.requireNonNull(address, "address");
      return this;
    }

    /** Password of the default user ({@code requirepass}). */
    public Builder requirePass(String password) {
      this.password = Objects.requireNonNull(password, "password");
      return this;
    }

    /** An ACL user with {@code on >password ~* &* +@all}; the default user stays as configured. */
    public Builder aclUser(String user, String password) {
      this.aclUser = Objects.requireNonNull(user, "user");
      this.aclPassword = Objects.requireNonNull(password, "password");
      return this;
    }

    /** TLS only: the plain port is disabled and {@link #port()} is the TLS port. */
    public Builder tls(TlsCertificates certs) {
      this.tls = Objects.requireNonNull(certs, "certs");
      return this;
    }

    /** Whether clients must present a certificate signed by the CA; default true when TLS is on. */
    public Builder tlsAuthClients(boolean required) {
      this.tlsAuthClients = required;
      return this;
    }

    /** Cluster mode; the port is then one whose cluster bus port (port + 10000) is free too. */
    public Builder clusterEnabled(boolean on) {
      this.cluster = on;
      if (on) {
        this.ports = Ports::freeClusterPort;
      }
      return this;
    }

    /** Any extra redis.conf directive, written verbatim after the harness's own. */
    public Builder config(String name, String value) {
      extra.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
      return this;
    }

    /** A Sentinel ({@code redis-server --sentinel}); its {@code sentinel ...} lines go in with {@link #config}. */
    Builder sentinel() {
      this.sentinel = true;
      return this;
    }

    Builder ports(IntSupplier ports) {
      this.ports = ports;
      return this;
    }

    public RedisServer start() {
      if (namespace != null && bind != null) {
        throw new IllegalStateException("a server inside a namespace listens on its address, not on " + bind);
      }
      boolean authClients = tlsAuthClients == null || tlsAuthClients;
      return RedisServer.start(new ServerConfig(password, aclUser, aclPassword, tls, authClients, cluster, extra,
          namespace, bind, sentinel),
          ports);
    }
  }
}
