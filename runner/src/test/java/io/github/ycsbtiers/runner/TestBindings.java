package io.github.ycsbtiers.runner;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/** Bindings that fail in each way the runner must survive or report; test fixtures of the DB contract. */
final class TestBindings {
  private TestBindings() {
  }

  /** Accepts everything and stores nothing. */
  public static class Ok extends DB {
    @Override
    public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
      return Status.OK;
    }

    @Override
    public Status scan(String t, String s, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
      return Status.OK;
    }

    @Override
    public Status update(String t, String k, Map<String, ByteIterator> v) {
      return Status.OK;
    }

    @Override
    public Status insert(String t, String k, Map<String, ByteIterator> v) {
      return Status.OK;
    }

    @Override
    public Status delete(String t, String k) {
      return Status.OK;
    }
  }

  /** Times each read under a section of its own, as the tiered binding's READ-DRAM and READ-PERSISTENT. */
  public static class RecordingLatencies extends Ok {
    @Override
    public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
      io.github.ycsbtiers.api.LatencySections.record(k.hashCode() % 2 == 0 ? "READ-EVEN" : "READ-ODD", 7);
      return Status.OK;
    }
  }

  /** Counts {@code init} calls, where a real binding would connect. */
  public static class CountingInits extends Ok {
    static final AtomicInteger INITS = new AtomicInteger();

    @Override
    public void init() {
      INITS.incrementAndGet();
    }
  }

  /** Publishes a [TIER]-like section when it cleans up, as the tiered binding does. */
  public static class PublishingSection extends Ok {
    @Override
    public void cleanup() {
      io.github.ycsbtiers.api.ResultSections.publish(io.github.ycsbtiers.api.ResultSection.builder("TIER")
          .add("DramHits", 3L).add("DramHitRatio", 0.75).add("Medium", "pmem").add("Path", "/dev/shm/x \"y\"")
          .build());
    }
  }

  /** init fails, as with an unreachable server. */
  public static class FailingInit extends Ok {
    @Override
    public void init() throws DBException {
      throw new DBException("cannot connect to 127.0.0.1:1", new java.net.ConnectException("Connection refused"));
    }
  }

  /** Every read throws, as a client library does on a lost connection. */
  public static class ThrowingReads extends Ok {
    @Override
    public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
      throw new IllegalStateException("connection reset");
    }
  }

  /** Throws an Error, which kills the client thread. */
  public static class Dying extends Ok {
    @Override
    public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
      throw new AssertionError("binding bug");
    }
  }

  /** The constructor throws, as a binding with a bad static set-up does. */
  public static class FailingConstructor extends Ok {
    public FailingConstructor() {
      throw new IllegalStateException("native library not found");
    }
  }

  /** cleanup fails, as when buffered writes cannot be flushed. */
  public static class FailingCleanup extends Ok {
    @Override
    public void cleanup() throws DBException {
      throw new DBException("flush failed");
    }
  }

  /** A third-party workload: upstream's own core workload under another name. */
  public static class UpstreamWorkload extends site.ycsb.workloads.CoreWorkload {
  }
}
