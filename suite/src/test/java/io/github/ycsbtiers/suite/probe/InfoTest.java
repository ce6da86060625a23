package io.github.ycsbtiers.suite.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InfoTest {
  @Test
  void deltaGivesTheHitRatioOfThePhase() {
    InfoSnapshot before = InfoSnapshot.parse("# Stats\r\nkeyspace_hits:100\r\nkeyspace_misses:50\r\n"
        + "# Memory\r\nused_memory:1000\r\nmaxmemory:0\r\n");
    InfoSnapshot after = InfoSnapshot.parse("# Stats\r\nkeyspace_hits:400\r\nkeyspace_misses:150\r\n"
        + "used_memory:2000\r\nmaxmemory:4096\r\nflash_hits:7\r\n");
    InfoDelta d = InfoDelta.between(before, after);
    assertEquals(0.75, d.hitRatio());
    assertEquals(2000, d.usedMemory());
    assertEquals(Map.of("flash_hits", "7"), d.tierFields());
    assertNull(InfoDelta.between(before, before).hitRatio(), "no look-ups, no ratio");
  }

  @Test
  void busyListsPersistenceInProgress() {
    assertEquals(List.of(), InfoSnapshot.parse("loading:0\nrdb_bgsave_in_progress:0\n").busy());
    assertEquals(List.of("rdb_bgsave_in_progress"),
        InfoSnapshot.parse("loading:0\nrdb_bgsave_in_progress:1\n").busy());
  }

  @Test
  void endpointReadsTheRedisBindingsProperties() {
    assertEquals(new RedisEndpoint("10.0.0.5", 7000, "bench", "s3:cret", 0, false, 2000),
        RedisEndpoint.fromProperties(Map.of("redis.host", "10.0.0.5:7000,n2:7001", "redis.password", "bench:s3:cret")));
    assertEquals(new RedisEndpoint("::1", 6380, null, null, 2, true, 30000), RedisEndpoint.fromProperties(
        Map.of("redis.host", "[::1]:6380", "redis.database", "2", "redis.tls", "true", "redis.timeout", "30000")));
    assertEquals(new RedisEndpoint("h", 6379, "default", "a:b", 0, false, 2000),
        RedisEndpoint.fromProperties(Map.of("redis.host", "h", "redis.user", "default", "redis.password", "a:b")));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RedisEndpoint.fromProperties(Map.of("redis.port", "63x9")));
    assertEquals("invalid value '63x9' for property 'redis.port': allowed a whole number from 1 to 65535",
        e.getMessage());
    assertEquals(new RedisEndpoint("h", 6380, null, null, 0, true, 30000), RedisEndpoint.fromProperties(Map.of(
        "redis.host", "h", "redis.port", "6_380", "redis.tls", "TRUE", "redis.timeout", "30s", "redis.database", "")),
        "as the binding reads them");
  }
}
