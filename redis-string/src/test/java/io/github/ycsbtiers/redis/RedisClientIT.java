package io.github.ycsbtiers.redis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.api.RecordLayout;
import io.github.ycsbtiers.testing.RedisServerExtension;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.Jedis;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;

/** The binding's operations called in-process against a real server, checked against what the server holds. */
class RedisClientIT {
  private static final String TABLE = "usertable";

  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone();

  private final List<RedisClient> clients = new ArrayList<>();
  private Jedis raw;

  @BeforeEach
  void empty() {
    redis.server().flushAll();
    raw = new Jedis(redis.host(), redis.port());
  }

  @AfterEach
  void cleanup() {
    clients.forEach(RedisClient::cleanup);
    raw.close();
  }

  @Test
  void oneFieldIsStoredAsTheRawValue() throws DBException {
    RedisClient db = client("fieldcount", "1");
    byte[] value = new byte[256];
    for (int i = 0; i < value.length; i++) {
      value[i] = (byte) i; // not UTF-8: survives only if no String is made of it
    }
    assertEquals(Status.OK, db.insert(TABLE, "user1", values("field0", value)));
    assertArrayEquals(value, raw.get(bytes("user1")));

    Map<String, ByteIterator> all = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, "user1", null, all));
    assertEquals(Set.of("field0"), all.keySet());
    assertArrayEquals(value, all.get("field0").toArray());
    Map<String, ByteIterator> named = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, "user1", Set.of("field0"), named));
    assertArrayEquals(value, named.get("field0").toArray());

    assertEquals(Status.OK, db.update(TABLE, "user1", values("field0", bytes("new"))));
    assertEquals("new", raw.get("user1"));
    assertEquals(Status.BAD_REQUEST, db.insert(TABLE, "user2", values("field0", bytes("a"), "field1", bytes("b"))));
    assertEquals(Status.NOT_FOUND, db.read(TABLE, "nobody", null, new HashMap<>()));
    assertEquals(Status.OK, db.delete(TABLE, "user1"));
    assertEquals(Status.NOT_FOUND, db.delete(TABLE, "user1"));
    assertEquals(Status.NOT_FOUND, db.read(TABLE, "user1", null, new HashMap<>()));
  }

  @Test
  void tenFieldsAreOneValueInTheRecordLayout() throws DBException {
    RedisClient db = client("fieldcount", "10");
    Map<String, byte[]> record = new LinkedHashMap<>();
    for (int i = 0; i < 10; i++) {
      record.put("field" + i, bytes("value-" + i));
    }
    assertEquals(Status.OK, db.insert(TABLE, "user1", iterators(record)));
    assertEquals("string", raw.type("user1"));
    assertEquals(strings(record), strings(RecordLayout.decode(raw.get(bytes("user1")))));

    Map<String, ByteIterator> some = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, "user1", Set.of("field3", "field7"), some));
    assertEquals(Map.of("field3", "value-3", "field7", "value-7"), strings(some));

    redis.server().resetStats();
    assertEquals(Status.OK, db.update(TABLE, "user1", values("field3", bytes("changed"))));
    assertEquals(Map.of("get", 1L, "set", 1L), dataCalls());
    record.put("field3", bytes("changed"));
    assertEquals(strings(record), strings(RecordLayout.decode(raw.get(bytes("user1")))));

    redis.server().resetStats();
    record.replaceAll((name, v) -> bytes("all-new"));
    assertEquals(Status.OK, db.update(TABLE, "user1", iterators(record)));
    assertEquals(Map.of("set", 1L), dataCalls());
    assertEquals(strings(record), strings(RecordLayout.decode(raw.get(bytes("user1")))));

    assertEquals(Status.NOT_FOUND, db.update(TABLE, "nobody", values("field3", bytes("x"))));
    raw.set("plain", "not a record");
    assertEquals(Status.UNEXPECTED_STATE, db.read(TABLE, "plain", null, new HashMap<>()));
    assertEquals(Status.UNEXPECTED_STATE, db.update(TABLE, "plain", values("field3", bytes("x"))));
  }

  @Test
  void hashRecordsWithoutAnIndexKey() throws DBException {
    RedisClient db = client("redis.command_group", "hash", "fieldcount", "3");
    assertEquals(Status.OK, db.insert(TABLE, "user1", values("field0", bytes("a"), "field1", bytes("b"),
        "field2", bytes("c"))));
    assertEquals(Map.of("field0", "a", "field1", "b", "field2", "c"), raw.hgetAll("user1"));
    assertEquals(Set.of("user1"), raw.keys("*"));

    Map<String, ByteIterator> all = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, "user1", null, all));
    assertEquals(Map.of("field0", "a", "field1", "b", "field2", "c"), strings(all));
    Map<String, ByteIterator> some = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, "user1", Set.of("field1", "other"), some));
    assertEquals(Map.of("field1", "b"), strings(some));

    assertEquals(Status.OK, db.update(TABLE, "user1", values("field1", bytes("B"))));
    assertEquals(Map.of("field0", "a", "field1", "B", "field2", "c"), raw.hgetAll("user1"));
    assertEquals(Status.NOT_FOUND, db.read(TABLE, "nobody", null, new HashMap<>()));
    assertEquals(Status.NOT_FOUND, db.read(TABLE, "nobody", Set.of("field0"), new HashMap<>()));
    assertEquals(Status.OK, db.delete(TABLE, "user1"));
    assertEquals(0, raw.dbSize());
  }

  @Test
  void scanReadsTheIndexInKeyOrder() throws DBException {
    RedisClient db = client("fieldcount", "1", "redis.scan", "index");
    for (int i = 10; i < 20; i++) {
      assertEquals(Status.OK, db.insert(TABLE, "user" + i, values("field0", bytes("v" + i))));
    }
    assertEquals(List.of("user13", "user14", "user15", "user16"), scan(db, "user13", 4));
    assertEquals(Status.OK, db.delete(TABLE, "user14"));
    assertEquals(List.of("user13", "user15", "user16", "user17"), scan(db, "user13", 4));

    RedisClient noIndex = client("fieldcount", "1");
    assertEquals(Status.NOT_IMPLEMENTED, noIndex.scan(TABLE, "user13", 4, null, new Vector<>()));
  }

  @Test
  void failedOperationsReturnErrorAndLaterOnesReconnect() throws DBException {
    RedisClient db = client("fieldcount", "1", "redis.pool.size", "2");
    assertEquals(Status.OK, db.insert(TABLE, "user1", values("field0", bytes("v"))));
    redis.server().restart();
    List<Status> statuses = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      statuses.add(db.read(TABLE, "user1", null, new HashMap<>()));
    }
    // the pooled connections died with the server; each fails once and is replaced
    assertEquals(Status.ERROR, statuses.get(0), statuses.toString());
    assertEquals(Status.NOT_FOUND, statuses.get(3), statuses.toString());
    assertEquals(Status.OK, db.insert(TABLE, "user1", values("field0", bytes("v"))));
    assertEquals(Status.OK, db.read(TABLE, "user1", null, new HashMap<>()));
  }

  private List<String> scan(RedisClient db, String start, int count) {
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertEquals(Status.OK, db.scan(TABLE, start, count, null, rows));
    List<String> keys = new ArrayList<>();
    for (HashMap<String, ByteIterator> row : rows) {
      String value = row.get("field0").toString();
      assertTrue(value.startsWith("v"), value);
      keys.add("user" + value.substring(1));
    }
    return keys;
  }

  private RedisClient client(String... pairs) throws DBException {
    Properties p = new Properties();
    p.setProperty("redis.host", redis.host());
    p.setProperty("redis.port", String.valueOf(redis.port()));
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    RedisClient db = new RedisClient();
    db.setProperties(p);
    db.init();
    clients.add(db);
    return db;
  }

  private Map<String, Long> dataCalls() {
    Map<String, Long> calls = new HashMap<>(redis.server().commandCalls());
    calls.keySet().removeIf(c -> c.startsWith("config") || c.equals("info"));
    return calls;
  }

  private static Map<String, ByteIterator> values(Object... pairs) {
    Map<String, ByteIterator> m = new HashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      m.put((String) pairs[i], new ByteArrayByteIterator((byte[]) pairs[i + 1]));
    }
    return m;
  }

  private static Map<String, ByteIterator> iterators(Map<String, byte[]> record) {
    Map<String, ByteIterator> m = new HashMap<>();
    record.forEach((k, v) -> m.put(k, new ByteArrayByteIterator(v)));
    return m;
  }

  private static Map<String, String> strings(Map<String, ?> fields) {
    Map<String, String> m = new HashMap<>();
    fields.forEach((k, v) -> m.put(k, v instanceof byte[] ? new String((byte[]) v, StandardCharsets.UTF_8)
        : v.toString()));
    return m;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
