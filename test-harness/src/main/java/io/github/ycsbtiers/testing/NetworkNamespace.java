package io.github.ycsbtiers.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A test host of its own on this machine: a Linux network namespace made here, reached from the
 * test's namespace over a veth pair with a /30 of 10.231.0.0/16 (the namespace's end is
 * {@link #address()}, the test's end {@link #gateway()}). No address outside the pair is used.
 * {@link #cut()} takes the namespace's end of the link down, so that every packet between the two
 * is dropped and nothing is reset or refused: a network partition, which only timeouts notice;
 * {@link #heal()} brings it back. {@link #close()} deletes the namespace and the pair, and a JVM
 * that exits without it deletes them in a shutdown hook. Needs root and {@code ip} (iproute2).
 */
public final class NetworkNamespace implements AutoCloseable {
  private static final Duration IP_TIMEOUT = Duration.ofSeconds(10);
  private static final int ATTEMPTS = 5;
  private static final Set<String> OPEN = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> OPEN.forEach(NetworkNamespace::delete),
        "ycsb-harness-netns-reaper"));
  }

  private final String name;
  private final String hostLink;
  private final String nsLink;
  private final String address;
  private final String gateway;
  private boolean closed;

  private NetworkNamespace(int subnet) {
    // names of at most 15 characters (IFNAMSIZ - 1), unique per /30
    this.name = "ycsbt" + subnet;
    this.hostLink = "yt" + subnet + "h";
    this.nsLink = "yt" + subnet + "n";
    String prefix = "10.231." + (subnet >> 6) + ".";
    int base = (subnet & 63) * 4;
    this.gateway = prefix + (base + 1);
    this.address = prefix + (base + 2);
  }

  /**
   * A new namespace with its link up and checked.
   *
   * @throws IllegalStateException when it cannot be made (not root, no iproute2), with what ip said
   */
  public static NetworkNamespace create() {
    Executables.require("ip", "iproute2", System.getenv("PATH") + ":/usr/sbin:/sbin");
    IllegalStateException last = null;
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      NetworkNamespace ns = new NetworkNamespace(ThreadLocalRandom.current().nextInt(1 << 14));
      try {
        ns.setUp();
        return ns;
      } catch (IllegalStateException e) {
        // a /30 another test holds, or no permission: try another, then report the last
        delete(ns.name);
        last = e;
      }
    }
    throw last;
  }

  private void setUp() {
    ip("netns", "add", name);
    OPEN.add(name);
    ip("link", "add", hostLink, "type", "veth", "peer", "name", nsLink);
    ip("link", "set", nsLink, "netns", name);
    ip("addr", "add", gateway + "/30", "dev", hostLink);
    ip("link", "set", hostLink, "up");
    ip("-n", name, "addr", "add", address + "/30", "dev", nsLink);
    ip("-n", name, "link", "set", nsLink, "up");
    ip("-n", name, "link", "set", "lo", "up");
  }

  /** The namespace's address: where a server started {@link #inside} it listens. */
  public String address() {
    return address;
  }

  /** The test's end of the link. */
  public String gateway() {
    return gateway;
  }

  /** {@code command} as run inside the namespace. */
  public List<String> inside(List<String> command) {
    List<String> all = new ArrayList<>(List.of(ipCommand(), "netns", "exec", name));
    all.addAll(command);
    return all;
  }

  /** Drops every packet between the test and the namespace until {@link #heal}: nothing is reset or refused. */
  public void cut() {
    ip("-n", name, "link", "set", nsLink, "down");
  }

  /** Brings the link back after {@link #cut}; connections that outlived the cut go on. */
  public void heal() {
    ip("-n", name, "link", "set", nsLink, "up");
  }

  /** Deletes the namespace and its link; the processes started inside must have been stopped first. */
  @Override
  public synchronized void close() {
    if (!closed) {
      closed = true;
      delete(name);
      OPEN.remove(name);
    }
  }

  /** Whether a namespace of this name exists now (for the tests of this class). */
  public static boolean exists(String name) {
    return Exec.run(List.of(ipCommand(), "netns", "list"), null, IP_TIMEOUT).out().lines()
        .anyMatch(line -> line.split(" ")[0].equals(name));
  }

  public String name() {
    return name;
  }

  /** Whether the test's end of the link exists now (deleting the namespace deletes the pair). */
  public boolean linkExists() {
    return Exec.run(List.of(ipCommand(), "link", "show", hostLink), null, IP_TIMEOUT).ok();
  }

  private static void delete(String name) {
    // deleting the namespace deletes its end of the veth pair, and with it the test's end
    Exec.run(List.of(ipCommand(), "netns", "del", name), null, IP_TIMEOUT);
  }

  private static void ip(String... args) {
    List<String> command = new ArrayList<>(List.of(ipCommand()));
    command.addAll(List.of(args));
    CliResult r = Exec.run(command, null, IP_TIMEOUT);
    if (!r.ok()) {
      throw new IllegalStateException(String.join(" ", command) + " failed (exit " + r.status() + "): "
          + r.output().strip());
    }
  }

  private static String ipCommand() {
    java.nio.file.Path found = Executables.find("ip", System.getenv("PATH") + ":/usr/sbin:/sbin");
    return found == null ? "ip" : found.toString();
  }
}
