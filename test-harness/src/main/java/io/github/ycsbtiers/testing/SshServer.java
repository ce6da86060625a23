package io.github.ycsbtiers.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A private OpenSSH server for tests: Debian's {@code /usr/sbin/sshd} on a free loopback port,
 * with a host key and a client key pair generated at start in a temp directory and its own
 * sshd_config there; the machine's ssh configuration is neither read nor changed. It accepts the
 * current user with the generated key only. {@link #close()} stops it and deletes the directory.
 *
 * <pre>{@code
 * try (SshServer sshd = SshServer.start()) {
 *   List<String> ssh = sshd.sshOptions();   // -p PORT -i KEY -o ... for ssh(1)
 * }
 * }</pre>
 */
public final class SshServer implements AutoCloseable {
  static final String SSHD = "/usr/sbin/sshd";
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(10);

  private final Path dir;
  private final int port;
  private final Process process;

  private SshServer(Path dir, int port, Process process) {
    this.dir = dir;
    this.port = port;
    this.process = process;
  }

  /** Generates the keys and starts sshd; fails (never skips) when openssh-server is missing. */
  public static SshServer start() {
    if (!Files.isExecutable(Path.of(SSHD))) {
      throw new IllegalStateException(SSHD + " not found: run ./bin/test, which installs Debian's openssh-server");
    }
    Executables.require("ssh-keygen", "openssh-client", System.getenv("PATH"));
    Executables.require("ssh", "openssh-client", System.getenv("PATH"));
    Path dir = null;
    try {
      dir = Files.createTempDirectory("ycsb-sshd-");
      Reaper.trackDir(dir);
      keygen(dir.resolve("host_ed25519"));
      keygen(dir.resolve("client_ed25519"));
      Files.copy(dir.resolve("client_ed25519.pub"), dir.resolve("authorized_keys"));
      // sshd insists on its privilege separation directory; Debian's service creates it at boot
      Files.createDirectories(Path.of("/run/sshd"));
      for (int attempt = 0; attempt < 5; attempt++) {
        int port = Ports.freePort();
        Path config = dir.resolve("sshd_config");
        Files.writeString(config, String.join("\n",
            "Port " + port,
            "ListenAddress 127.0.0.1",
            "HostKey " + dir.resolve("host_ed25519"),
            "PidFile " + dir.resolve("sshd.pid"),
            "AuthorizedKeysFile " + dir.resolve("authorized_keys"),
            "PasswordAuthentication no",
            "KbdInteractiveAuthentication no",
            "PubkeyAuthentication yes",
            "PermitRootLogin prohibit-password",
            "UsePAM no",
            "StrictModes no",
            "AllowUsers " + System.getProperty("user.name"),
            "Subsystem sftp internal-sftp",
            ""), StandardCharsets.UTF_8);
        Process p = new ProcessBuilder(SSHD, "-D", "-e", "-f", config.toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("sshd.log").toFile())
            .start();
        Reaper.track(p);
        if (awaitListening(p, port)) {
          return new SshServer(dir, port, p);
        }
        Reaper.kill(p);
        Reaper.untrack(p);
        String log = Files.readString(dir.resolve("sshd.log"), StandardCharsets.UTF_8);
        if (!log.contains("Address already in use")) {
          throw new IllegalStateException("sshd did not start on port " + port + "; its log:\n" + log);
        }
      }
      throw new IllegalStateException("sshd found no free port in 5 attempts");
    } catch (IOException e) {
      if (dir != null) {
        Reaper.deleteDir(dir);
      }
      throw new UncheckedIOException("cannot start sshd", e);
    } catch (RuntimeException e) {
      if (dir != null) {
        Reaper.deleteDir(dir);
      }
      throw e;
    }
  }

  private static void keygen(Path key) {
    CliResult r = Exec.run(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "ycsb-test", "-f",
        key.toString()), null, Map.of(), Duration.ofSeconds(30));
    if (!r.ok()) {
      throw new IllegalStateException("ssh-keygen failed: " + r.output());
    }
  }

  private static boolean awaitListening(Process p, int port) {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (!p.isAlive()) {
        return false;
      }
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress("127.0.0.1", port), 200);
        return true;
      } catch (IOException notYet) {
        ServerProcess.sleep(50);
      }
    }
    return false;
  }

  public int port() {
    return port;
  }

  /** The generated private key that the server accepts. */
  public Path clientKey() {
    return dir.resolve("client_ed25519");
  }

  /**
   * Options for ssh(1) that reach this server without touching the user's files: the port, the
   * key, a known-hosts file of its own, batch mode.
   */
  public List<String> sshOptions() {
    return List.of("-p", Integer.toString(port), "-i", clientKey().toString(),
        "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no",
        "-o", "UserKnownHostsFile=" + dir.resolve("known_hosts"), "-o", "LogLevel=ERROR",
        "-F", "/dev/null");
  }

  /** sshd's own log (with -e, its messages), for failure messages. */
  public String log() {
    try {
      return Files.readString(dir.resolve("sshd.log"), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  /** Stops sshd (SIGTERM, then SIGKILL) and deletes the keys and configuration. */
  @Override
  public void close() {
    try {
      process.destroy();
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        Reaper.kill(process);
      }
    } catch (InterruptedException e) {
      Reaper.kill(process);
      Thread.currentThread().interrupt();
    } finally {
      Reaper.untrack(process);
      Reaper.deleteDir(dir);
    }
  }
}
