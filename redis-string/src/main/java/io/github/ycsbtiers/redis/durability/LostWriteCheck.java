package io.github.ycsbtiers.redis.durability;

import io.github.ycsbtiers.api.ResultSection;
import io.github.ycsbtiers.api.ResultSections;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisException;

/**
 * After the run, every key of a {@link WriteLedger} read from the primary of the end (after a
 * failover, the promoted replica) in pipelines of {@value #BATCH} GETs, on a connection of its
 * own; a key whose value is not the one last acknowledged (or that is missing, or present after an
 * acknowledged delete) is a lost write. Reported as {@code [LOST-WRITES]} and one line on stderr.
 */
public final class LostWriteCheck {
  /** Name of the report section. */
  public static final String SECTION = "LOST-WRITES";
  static final int BATCH = 1000;

  private LostWriteCheck() {
  }

  /** Checks {@code ledger} against {@code primary}; a primary that cannot be read gives a line on {@code err} and no count. */
  public static void run(WriteLedger ledger, HostAndPort primary, JedisClientConfig config, PrintStream err) {
    List<byte[]> keys = new ArrayList<>(ledger.keys());
    List<WriteLedger.Ack> acks = new ArrayList<>(ledger.keys());
    ledger.forEach((k, a) -> {
      keys.add(k);
      acks.add(a);
    });
    long lost = 0;
    try (Jedis jedis = new Jedis(primary, config)) {
      for (int from = 0; from < keys.size(); from += BATCH) {
        int to = Math.min(keys.size(), from + BATCH);
        List<Response<byte[]>> values = new ArrayList<>(to - from);
        Pipeline p = jedis.pipelined();
        for (int i = from; i < to; i++) {
          values.add(p.get(keys.get(i)));
        }
        p.sync();
        for (int i = from; i < to; i++) {
          byte[] v = values.get(i - from).get();
          if (!acks.get(i).kept(v == null ? WriteLedger.ABSENT : WriteLedger.hash(v))) {
            lost++;
          }
        }
      }
    } catch (JedisException e) {
      err.println("redis-string: no lost-write check: reading " + primary + " failed: " + e.getMessage());
      return;
    }
    ResultSections.publish(ResultSection.builder(SECTION).add("Server", primary.toString())
        .add("AcknowledgedKeys", keys.size()).add("Lost", lost).build());
    err.println("redis-string: " + lost + " of " + keys.size() + " key(s) whose write was acknowledged lost it on "
        + primary);
  }
}
