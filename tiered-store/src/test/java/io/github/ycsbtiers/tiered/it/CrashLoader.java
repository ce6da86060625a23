package io.github.ycsbtiers.tiered.it;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import io.github.ycsbtiers.tiered.binding.TieredClient;

/**
 * The child JVM of {@link CrashSafetyIT}: loads records through the binding with
 * {@code tiered.sync=always} from several threads, without end, and prints {@code ack <key>} on
 * stdout after each insert returned OK. Arguments: medium, path, threads.
 */
public final class CrashLoader {
  private CrashLoader() {
  }

  /** The value every insert of {@code key} writes: 100 bytes derived from the key. */
  static byte[] valueOf(String key) {
    StringBuilder sb = new StringBuilder(key).append('=');
    int h = key.hashCode();
    while (sb.length() < 100) {
      h = h * 31 + 7;
      sb.append(Integer.toHexString(h));
    }
    sb.setLength(100);
    return sb.toString().getBytes(StandardCharsets.US_ASCII);
  }

  public static void main(String[] args) throws Exception {
    String medium = args[0];
    String path = args[1];
    int threads = Integer.parseInt(args[2]);
    PrintStream out = new PrintStream(System.out, false, StandardCharsets.US_ASCII);
    Thread[] loaders = new Thread[threads];
    for (int t = 0; t < threads; t++) {
      int first = t;
      TieredClient client = new TieredClient();
      Properties p = new Properties();
      p.setProperty("tiered.medium", medium);
      p.setProperty("tiered.path", path);
      p.setProperty("tiered.sync", "always");
      p.setProperty("tiered.ratio", "1:4");
      p.setProperty("recordcount", "1000000");
      p.setProperty("fieldcount", "1");
      p.setProperty("threadcount", Integer.toString(threads));
      client.setProperties(p);
      client.init();
      loaders[t] = new Thread(() -> load(client, first, threads, out), "loader-" + t);
    }
    for (Thread t : loaders) {
      t.start();
    }
    for (Thread t : loaders) {
      t.join();
    }
  }

  private static void load(TieredClient client, int first, int step, PrintStream out) {
    for (long i = first; ; i += step) {
      String key = "user" + i;
      Map<String, ByteIterator> values = new HashMap<>();
      values.put("field0", new StringByteIterator(new String(valueOf(key), StandardCharsets.US_ASCII)));
      Status s = client.insert("usertable", key, values);
      if (s.isOk()) {
        synchronized (out) {
          out.println("ack " + key);
          out.flush();
        }
      } else {
        synchronized (out) {
          out.println("failed " + key + " " + s);
          out.flush();
        }
      }
    }
  }

}
