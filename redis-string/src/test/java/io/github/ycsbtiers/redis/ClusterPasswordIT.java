package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static io.github.ycsbtiers.redis.YcsbRuns.assertRefusedWithOneLine;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.github.ycsbtiers.testing.RedisClusterExtension;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A Cluster whose nodes require a password: upstream's binding could not authenticate here at all. */
class ClusterPasswordIT {
  private static final String PASSWORD = "cluster-Secret-9";

  @RegisterExtension
  static final RedisClusterExtension redis = RedisClusterExtension.threeMasters().withPassword(PASSWORD);

  @BeforeEach
  void empty() {
    redis.cluster().flushAll();
  }

  @ParameterizedTest
  @EnumSource(YcsbRuns.Shape.class)
  void roundTripsWithDataIntegrity(YcsbRuns.Shape shape) {
    YcsbProcess.Result run = YcsbRuns.roundTrip(target(PASSWORD), shape);
    assertFalse(run.out().contains(PASSWORD) || run.err().contains(PASSWORD), "password printed");
  }

  @Test
  void wrongPasswordIsOneLine() {
    YcsbProcess.Result r = YcsbRuns.ycsb("load", target("wrong"), args("-P", "workloads/workloada",
        "-p", "recordcount=10"));
    assertRefusedWithOneLine(r, "authentication failed for user default at ");
  }

  private static List<String> target(String password) {
    List<String> t = new ArrayList<>(ClusterIT.seeds(redis.cluster()));
    t.addAll(args("-p", "redis.password=" + password));
    return t;
  }
}
