package io.github.ycsbtiers.runner.bottleneck;

import java.util.List;

/**
 * What limited a window: the kind, the rule that decided it, one sentence with the figures that
 * rule compared (no commas, so that it stays one value of a report line), and the other rules
 * whose thresholds were reached too.
 */
public record Verdict(Kind kind, Rule rule, String reason, List<Rule> alsoReached) {

  public Verdict {
    alsoReached = List.copyOf(alsoReached);
  }

  /** The verdict as reports print it. */
  public enum Kind {
    CLIENT("client-bound"), SERVER("server-bound"), DEVICE("device-bound"), NONE("none found");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  /** The rules, in the order {@link BottleneckRules} weighs them; the label is what reports print. */
  public enum Rule {
    /** Half or more of the clients' operations waited at the embedded store's device. */
    DEVICE_QUEUE("device-queue", Kind.DEVICE),
    /** The client's process used 80% or more of its cores, the client's own threads most of it. */
    CLIENT_CPU("client-cpu", Kind.CLIENT),
    /** The same, the embedded store's threads most of it. */
    STORE_CPU("store-cpu", Kind.SERVER),
    /** The busiest server thread (a master's main thread, a store loop) used 0.9 of a core or more. */
    SERVER_THREAD("server-thread", Kind.SERVER),
    /** The embedded store's device had a request in flight 90% of the time or more. */
    DEVICE_BUSY("device-busy", Kind.DEVICE),
    /** Under {@code -target}, send lateness was half or more of the mean intended latency. */
    SEND_LATENESS("send-lateness", Kind.CLIENT),
    /** No threshold was reached. */
    NONE("none", Kind.NONE);

    private final String label;
    private final Kind kind;

    Rule(String label, Kind kind) {
      this.label = label;
      this.kind = kind;
    }

    public String label() {
      return label;
    }

    public Kind kind() {
      return kind;
    }
  }
}
