package io.github.ycsbtiers.tiered.powerloss;

import io.github.ycsbtiers.api.TimelineSources;
import io.github.ycsbtiers.tiered.binding.TieredClient;
import io.github.ycsbtiers.tiered.store.StoreMutations;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The child JVM of {@link PowerLossIT}: writes through the {@code tiered} binding from several
 * threads until it is killed. Each thread owns its keys: it reads their state, inserts those that
 * are absent (the Load), then picks keys at random and inserts (when absent), updates every field,
 * updates some fields (read-modify-write) or deletes them. Before each write it prints
 * {@code try <key> <state>} and after it returned OK {@code ack <key> <time>} (the time it returned,
 * {@link System#nanoTime}: on Linux the monotonic clock every process shares); anything else is
 * {@code fail <key> <operation> <status>}. {@code ready} follows the opening of the store,
 * {@code loaded} each thread's Load.
 *
 * <p>Every {@value #FIGURES_MILLIS} ms it also prints {@code figures name=value ...}: the store's
 * timeline figures ({@link TimelineSources}) summed since it opened (counters) or as they are now
 * (levels), so that a test can tell what the engine did before the cut: flushes, compactions, map
 * growths.
 *
 * <p>Arguments: medium, path, sync, threads, keys per thread, round, seed, then any of
 * {@value #SKIP_SYNC} (a mutation test: the store never syncs, {@link StoreMutations#open}),
 * {@value #SMALL_MAP}{@code N} (LMDB's map starts at N bytes, {@link StoreMutations#open})
 * and {@code name=value} (a property for the binding, such as {@code tiered.rocksdb.write_buffer_size=65536}).
 * Versions are {@code round * 10^6 + n}, so a record left by an earlier round never looks like a
 * write of this one.
 */
public final class PowerLossWorker {
  static final String SKIP_SYNC = "skip-sync";
  static final String SMALL_MAP = "small-map=";
  static final int FIGURES_MILLIS = 20;
  /** The figures that are levels (taken as they are); the others are counters (summed). */
  private static final Set<String> LEVELS = Set.of("Level0Files", "ImmutableMemtables", "RunningCompactions",
      "WriteStopped", "LiveSstBytes", "PendingCompactionBytes", "MapBytes", "CommitBatchMean", "CommitMeanMicros");
  private static final String TABLE = "usertable";
  private final PrintStream out = new PrintStream(System.out, false, StandardCharsets.US_ASCII);

  private PowerLossWorker() {
  }

  static String key(int thread, int index) {
    return "user" + thread + "x" + index;
  }

  public static void main(String[] args) throws Exception {
    String medium = args[0];
    String path = args[1];
    String sync = args[2];
    int threads = Integer.parseInt(args[3]);
    int keys = Integer.parseInt(args[4]);
    long round = Long.parseLong(args[5]);
    long seed = Long.parseLong(args[6]);
    Properties extra = new Properties();
    boolean skipSync = false;
    long mapBytes = 0;
    for (int i = 7; i < args.length; i++) {
      if (args[i].equals(SKIP_SYNC)) {
        skipSync = true;
      } else if (args[i].startsWith(SMALL_MAP)) {
        mapBytes = Long.parseLong(args[i].substring(SMALL_MAP.length()));
      } else {
        int eq = args[i].indexOf('=');
        extra.setProperty(args[i].substring(0, eq), args[i].substring(eq + 1));
      }
    }
    Properties p = new Properties();
    p.setProperty("tiered.medium", medium);
    p.setProperty("tiered.path", path);
    p.setProperty("tiered.sync", sync);
    p.setProperty("recordcount", Integer.toString(threads * keys));
    p.setProperty("fieldcount", Integer.toString(Records.FIELDS));
    p.setProperty("fieldlength", Integer.toString(Records.FIELD_BYTES));
    p.setProperty("threadcount", Integer.toString(threads));
    p.putAll(extra);
    if (skipSync || mapBytes > 0) {
      // the clients below take up this store as the one they share
      StoreMutations.open(p, skipSync, mapBytes);
    }
    PowerLossWorker worker = new PowerLossWorker();
    TieredClient[] clients = new TieredClient[threads];
    for (int t = 0; t < threads; t++) {
      clients[t] = new TieredClient();
      Properties own = new Properties();
      own.putAll(p);
      clients[t].setProperties(own);
      clients[t].init();
    }
    worker.print("ready");
    Thread figures = new Thread(worker::printFigures, "figures");
    figures.setDaemon(true);
    figures.start();
    Thread[] writers = new Thread[threads];
    for (int t = 0; t < threads; t++) {
      Writer w = worker.new Writer(clients[t], t, keys, round * 1_000_000, new Random(seed * 1009 + t));
      writers[t] = new Thread(w::run, "writer-" + t);
      writers[t].start();
    }
    for (Thread w : writers) {
      w.join();
    }
  }

  /** Prints the store's figures so far every {@value #FIGURES_MILLIS} ms, until the process dies. */
  private void printFigures() {
    Map<String, Double> totals = new TreeMap<>();
    while (true) {
      for (TimelineSources.Source s : TimelineSources.registered()) {
        s.interval().forEach((name, v) -> totals.merge(name, v.doubleValue(), LEVELS.contains(name) ? (a, b) -> b
            : Double::sum));
      }
      StringBuilder line = new StringBuilder("figures");
      totals.forEach((name, v) -> line.append(' ').append(name).append('=').append(v.longValue()));
      print(line.toString());
      try {
        Thread.sleep(FIGURES_MILLIS);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private void print(String line) {
    synchronized (out) {
      out.println(line);
      out.flush();
    }
  }

  /** Ends a writer thread at its first failed write. */
  private static final class Stopped extends RuntimeException {
    Stopped() {
      super(null, null, false, false);
    }
  }

  /** One thread's keys and what it last wrote to each: versions per field, null when absent. */
  private final class Writer {
    private final TieredClient client;
    private final int thread;
    private final String[] keys;
    private final long[][] states;
    private final Random random;
    private long version;

    Writer(TieredClient client, int thread, int count, long firstVersion, Random random) {
      this.client = client;
      this.thread = thread;
      this.keys = new String[count];
      this.states = new long[count][];
      this.random = random;
      this.version = firstVersion;
      for (int i = 0; i < count; i++) {
        keys[i] = key(thread, i);
      }
    }

    void run() {
      try {
        writeUntilKilled();
      } catch (Stopped e) {
        // a write failed (the power went during a sync): this thread writes nothing more, so that
        // the write in flight stays the only one not acknowledged for its key
      }
    }

    private void writeUntilKilled() {
      for (int i = 0; i < keys.length; i++) {
        states[i] = readState(i);
      }
      for (int i = 0; i < keys.length; i++) {
        if (states[i] == null) {
          insert(i);
        }
      }
      print("loaded " + thread);
      while (true) {
        int i = random.nextInt(keys.length);
        int dice = random.nextInt(100);
        if (states[i] == null) {
          insert(i);
        } else if (dice < 40) {
          update(i, allFields());
        } else if (dice < 75) {
          update(i, someFields());
        } else {
          delete(i);
        }
      }
    }

    private long[] readState(int i) {
      Map<String, ByteIterator> fields = new HashMap<>();
      Status s = client.read(TABLE, keys[i], null, fields);
      if (s == Status.NOT_FOUND) {
        return null;
      }
      Map<String, byte[]> bytes = new HashMap<>();
      fields.forEach((name, value) -> bytes.put(name, value.toArray()));
      String state = s.isOk() ? Records.stateOf(keys[i], bytes) : "!" + s;
      if (state.startsWith("!")) {
        print("fail " + keys[i] + " read " + state.replace('\n', ' '));
        throw new IllegalStateException(keys[i] + ": " + state);
      }
      return Records.versions(state);
    }

    private void insert(int i) {
      long v = ++version;
      long[] next = new long[Records.FIELDS];
      Arrays.fill(next, v);
      print("try " + keys[i] + " " + Records.state(next));
      write(i, "insert", next, client.insert(TABLE, keys[i], values(keys[i], allFields(), v)));
    }

    private void update(int i, int[] fields) {
      long v = ++version;
      long[] next = states[i].clone();
      for (int f : fields) {
        next[f] = v;
      }
      print("try " + keys[i] + " " + Records.state(next));
      write(i, fields.length == Records.FIELDS ? "update" : "update-some",
          next, client.update(TABLE, keys[i], values(keys[i], fields, v)));
    }

    private void delete(int i) {
      print("try " + keys[i] + " " + Records.ABSENT);
      write(i, "delete", null, client.delete(TABLE, keys[i]));
    }

    /** Records the outcome of a write its try line announced. */
    private void write(int i, String operation, long[] next, Status status) {
      long returned = System.nanoTime();
      if (status.isOk()) {
        states[i] = next;
        print("ack " + keys[i] + " " + returned);
      } else {
        print("fail " + keys[i] + " " + operation + " " + status.getName());
        throw new Stopped();
      }
    }

    private int[] allFields() {
      int[] all = new int[Records.FIELDS];
      for (int f = 0; f < all.length; f++) {
        all[f] = f;
      }
      return all;
    }

    /** One to FIELDS - 1 distinct fields. */
    private int[] someFields() {
      int[] order = allFields();
      for (int f = order.length - 1; f > 0; f--) {
        int j = random.nextInt(f + 1);
        int tmp = order[f];
        order[f] = order[j];
        order[j] = tmp;
      }
      return Arrays.copyOf(order, 1 + random.nextInt(Records.FIELDS - 1));
    }

    private Map<String, ByteIterator> values(String key, int[] fields, long v) {
      Map<String, ByteIterator> values = new LinkedHashMap<>();
      Records.fields(key, fields, v).forEach((name, bytes) -> values.put(name, new ByteArrayByteIterator(bytes)));
      return values;
    }
  }
}
