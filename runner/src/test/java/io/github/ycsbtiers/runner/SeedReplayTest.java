package io.github.ycsbtiers.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * bin/ycsb's run phase, in process: a run without {@code client.seed} says the seed it drew, and
 * that seed given back repeats the run's operations and keys.
 */
class SeedReplayTest {
  private static final Pattern DRAWN = Pattern.compile("client\\.seed not set: drew (-?\\d+) ");
  private static final List<String> SEEN = new ArrayList<>();

  /** Remembers each operation and key it is asked for, in order (one client thread). */
  public static class Recording extends TestBindings.Ok {
    @Override
    public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
      return seen("R " + k);
    }

    @Override
    public Status scan(String t, String s, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
      return seen("S " + s + " " + n);
    }

    @Override
    public Status update(String t, String k, Map<String, ByteIterator> v) {
      return seen("U " + k + " " + v.keySet());
    }
  }

  /** The same, with the asynchronous interface (whose calls end in the synchronous methods). */
  public static class AsyncRecording extends AsyncMemoryDb {
    @Override
    public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
      return seen("R " + k);
    }

    @Override
    public Status scan(String t, String s, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
      return seen("S " + s + " " + n);
    }

    @Override
    public Status update(String t, String k, Map<String, ByteIterator> v) {
      return seen("U " + k + " " + v.keySet());
    }
  }

  private static Status seen(String what) {
    synchronized (SEEN) {
      SEEN.add(what);
    }
    return Status.OK;
  }

  private static List<String> run(String... extra) {
    return runWith(Recording.class, extra);
  }

  private static List<String> runWith(Class<?> binding, String... extra) {
    synchronized (SEEN) {
      SEEN.clear();
    }
    List<String> args = new ArrayList<>(List.of("-t", "-db", binding.getName(), "-P",
        Path.of("..", "workloads", "workloadb").toString(), "-p", "recordcount=5120000000",
        "-p", "operationcount=3000", "-p", "requestdistribution=zipfian", "-p", "scanproportion=0.1",
        "-p", "readproportion=0.6", "-p", "writeallfields=false", "-threads", "1"));
    args.addAll(List.of(extra));
    RunnerEndToEndTest.Outcome o = RunnerEndToEndTest.run(args.toArray(new String[0]));
    assertEquals(0, o.status, o.err);
    List<String> seen;
    synchronized (SEEN) {
      seen = new ArrayList<>(SEEN);
    }
    assertEquals(3000, seen.size());
    seen.add(0, o.err);
    return seen;
  }

  @Test
  void aDrawnSeedIsPrintedAndRepeatsTheRun() {
    List<String> first = run("-p", "runner.engine=sync");
    Matcher m = DRAWN.matcher(first.get(0));
    assertTrue(m.find(), first.get(0));
    List<String> replay = run("-p", "runner.engine=sync", "-p", "client.seed=" + m.group(1));
    assertFalse(replay.get(0).contains("client.seed not set"), replay.get(0));
    assertEquals(first.subList(1, first.size()), replay.subList(1, replay.size()));
    List<String> other = run("-p", "runner.engine=sync");
    assertNotEquals(first.subList(1, first.size()), other.subList(1, other.size()));
  }

  @Test
  void bothEnginesDrawTheSameSequenceFromOneSeed() {
    List<String> sync = runWith(AsyncRecording.class, "-p", "runner.engine=sync", "-p", "client.seed=99");
    List<String> async = runWith(AsyncRecording.class, "-p", "runner.engine=async", "-p", "client.seed=99");
    assertTrue(async.get(0).contains("Starting test."), async.get(0));
    assertEquals(sync.subList(1, sync.size()), async.subList(1, async.size()));
  }
}
