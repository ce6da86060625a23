package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static io.github.ycsbtiers.redis.YcsbRuns.assertRefusedWithOneLine;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A server whose default user has a password and an ACL user {@code bench}: every way of giving
 * the credentials works, wrong ones are refused in one line, and the password never shows.
 */
class AclIT {
  private static final String USER = "bench";
  private static final String PASSWORD = "acl-Secret-42";

  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone().withPassword("admin-Secret-7")
      .withAclUser(USER, PASSWORD);

  @TempDir
  Path dir;

  @BeforeEach
  void empty() {
    redis.server().flushAll();
  }

  @ParameterizedTest
  @EnumSource(YcsbRuns.Shape.class)
  void userColonPasswordForm(YcsbRuns.Shape shape) {
    assertQuiet(YcsbRuns.roundTrip(target("-p", "redis.password=" + USER + ":" + PASSWORD), shape));
  }

  @Test
  void userAndPasswordProperties() {
    assertQuiet(YcsbRuns.roundTrip(target("-p", "redis.user=" + USER, "-p", "redis.password=" + PASSWORD),
        YcsbRuns.Shape.STRING_ONE_FIELD));
  }

  @Test
  void passwordFromAFile() throws IOException {
    Path file = Files.writeString(dir.resolve("redis-password"), USER + ":" + PASSWORD + "\n");
    assertQuiet(YcsbRuns.roundTrip(target("-p", "redis.password.file=" + file), YcsbRuns.Shape.STRING_ONE_FIELD));
  }

  @Test
  void passwordFromTheEnvironment() {
    assertQuiet(YcsbRuns.roundTrip(Map.of("BENCH_REDIS_PASSWORD", PASSWORD),
        target("-p", "redis.user=" + USER, "-p", "redis.password.env=BENCH_REDIS_PASSWORD"),
        YcsbRuns.Shape.HASH));
  }

  @Test
  void wrongPasswordIsOneLine() {
    YcsbProcess.Result r = YcsbRuns.ycsb("load", target("-p", "redis.password=" + USER + ":not-" + PASSWORD),
        args("-P", "workloads/workloada", "-p", "recordcount=10"));
    // the part before the colon may belong to a password containing one: it is not shown
    assertRefusedWithOneLine(r, "authentication failed for user (the user named in redis.password) at "
        + redis.server().hostAndPort() + ": WRONGPASS");
    assertQuiet(r);
  }

  @Test
  void noPasswordIsOneLine() {
    YcsbProcess.Result r = YcsbRuns.ycsb("load", target(), args("-P", "workloads/workloada", "-p", "recordcount=10"));
    assertRefusedWithOneLine(r, "authentication failed for user default at " + redis.server().hostAndPort()
        + ": NOAUTH");
  }

  private static List<String> target(String... more) {
    List<String> t = new ArrayList<>(args("-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.port()));
    t.addAll(args(more));
    return t;
  }

  private static void assertQuiet(YcsbProcess.Result r) {
    assertFalse(r.out().contains(PASSWORD), "password in stdout");
    assertFalse(r.err().contains(PASSWORD), "password in stderr");
  }
}
