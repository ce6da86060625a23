package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisClusterExtension;
import io.github.ycsbtiers.testing.RedisServer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Lettuce's one Cluster connection, and Jedis Cluster pipelines, on three masters, with data integrity checks. */
class LettuceClusterIT {
  @RegisterExtension
  static final RedisClusterExtension redis = RedisClusterExtension.threeMasters();

  @BeforeEach
  void empty() {
    redis.cluster().flushAll();
  }

  @ParameterizedTest
  @CsvSource({"lettuce, async, STRING_ONE_FIELD", "lettuce, async, STRING_TEN_FIELDS", "lettuce, async, HASH",
      "lettuce, sync, STRING_ONE_FIELD", "jedis, async, STRING_ONE_FIELD"})
  void roundTripsWithDataIntegrity(String client, String engine, YcsbRuns.Shape shape) {
    List<String> target = new ArrayList<>(ClusterIT.seeds(redis.cluster()));
    target.addAll(args("-p", "redis.client=" + client, "-p", "runner.engine=" + engine));
    YcsbRuns.roundTrip(target, shape);
    long keys = 0;
    for (RedisServer node : redis.cluster().nodes()) {
      long onNode = Long.parseLong(node.cli("DBSIZE"));
      assertTrue(onNode > 0, "no key on " + node);
      keys += onNode;
    }
    assertEquals(YcsbRuns.RECORDS, keys);
  }
}
