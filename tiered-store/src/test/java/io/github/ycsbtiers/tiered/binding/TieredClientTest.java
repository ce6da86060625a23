package io.github.ycsbtiers.tiered.binding;

import io.github.ycsbtiers.tiered.store.engine.DeviceReads;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.ResultSection;
import io.github.ycsbtiers.api.ResultSections;
import io.github.ycsbtiers.tiered.store.LocationException;
import io.github.ycsbtiers.tiered.store.Medium;
import io.github.ycsbtiers.tiered.store.StoreDirs;
import java.nio.file.Path;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/** The binding through YCSB's DB interface, on real stores. */
class TieredClientTest {
  private Path dir;
  private final List<TieredClient> clients = new ArrayList<>();

  @BeforeEach
  void clearSections() {
    ResultSections.clear();
  }

  @AfterEach
  void cleanUp() {
    clients.forEach(TieredClient::cleanup);
    StoreDirs.delete(dir);
    ResultSections.clear();
  }

  private TieredClient client(Medium medium, String... pairs) throws DBException {
    if (dir == null) {
      dir = StoreDirs.create(medium);
    }
    Properties p = new Properties();
    p.setProperty("tiered.medium", medium.label());
    p.setProperty("tiered.path", dir.toString());
    p.setProperty("recordcount", "100");
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    TieredClient c = new TieredClient();
    c.setProperties(p);
    c.init();
    clients.add(c);
    return c;
  }

  private static Map<String, ByteIterator> values(String... pairs) {
    Map<String, ByteIterator> m = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      m.put(pairs[i], new StringByteIterator(pairs[i + 1]));
    }
    return m;
  }

  private static Map<String, String> read(TieredClient c, String key, Set<String> fields) {
    Map<String, ByteIterator> result = new HashMap<>();
    assertEquals(Status.OK, c.read("usertable", key, fields, result));
    Map<String, String> out = new HashMap<>();
    result.forEach((k, v) -> out.put(k, v.toString()));
    return out;
  }

  @ParameterizedTest
  @EnumSource(Medium.class)
  void oneFieldRecords(Medium medium) throws DBException {
    TieredClient c = client(medium, "fieldcount", "1");
    assertEquals(Status.OK, c.insert("usertable", "user1", values("field0", "v1")));
    assertEquals(Map.of("field0", "v1"), read(c, "user1", null));
    assertEquals(Status.OK, c.update("usertable", "user1", values("field0", "v2")));
    assertEquals(Map.of("field0", "v2"), read(c, "user1", Set.of("field0")));
    assertEquals(Status.BAD_REQUEST, c.insert("usertable", "user2", values("field0", "a", "field1", "b")));
    assertEquals(Status.NOT_FOUND, c.read("usertable", "nobody", null, new HashMap<>()));
  }

  @ParameterizedTest
  @EnumSource(Medium.class)
  void partialReadsAndUpdates(Medium medium) throws DBException {
    TieredClient c = client(medium, "fieldcount", "3");
    assertEquals(Status.OK, c.insert("usertable", "user1", values("field0", "a", "field1", "b", "field2", "c")));
    assertEquals(Map.of("field1", "b"), read(c, "user1", Set.of("field1")));
    assertEquals(Status.OK, c.update("usertable", "user1", values("field2", "C")));
    assertEquals(Map.of("field0", "a", "field1", "b", "field2", "C"), read(c, "user1", null));
    assertEquals(Status.NOT_FOUND, c.update("usertable", "nobody", values("field2", "C")));
    assertEquals(Status.NOT_FOUND, c.read("usertable", "nobody", null, new HashMap<>()));
    // an update of every field needs no read, so it writes the record as redis-string's SET does
    assertEquals(Status.OK, c.update("usertable", "fresh", values("field0", "x", "field1", "y", "field2", "z")));
    assertEquals(Map.of("field0", "x", "field1", "y", "field2", "z"), read(c, "fresh", null));
  }

  @ParameterizedTest
  @EnumSource(Medium.class)
  void scanAndDelete(Medium medium) throws DBException {
    TieredClient c = client(medium, "fieldcount", "2");
    for (String k : List.of("user5", "user1", "user3", "user2", "user4")) {
      assertEquals(Status.OK, c.insert("usertable", k, values("field0", k, "field1", k + "!")));
    }
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertEquals(Status.OK, c.scan("usertable", "user2", 3, Set.of("field0"), rows));
    List<String> seen = new ArrayList<>();
    rows.forEach(r -> seen.add(r.get("field0").toString() + "/" + r.size()));
    assertEquals(List.of("user2/1", "user3/1", "user4/1"), seen);

    assertEquals(Status.OK, c.delete("usertable", "user3"));
    assertEquals(Status.NOT_FOUND, c.delete("usertable", "user3"));
    assertEquals(Status.NOT_FOUND, c.read("usertable", "user3", null, new HashMap<>()));
    rows.clear();
    assertEquals(Status.OK, c.scan("usertable", "user2", 2, null, rows));
    assertEquals("user4", rows.get(1).get("field0").toString());
    assertEquals(2, rows.get(1).size());
  }

  @Test
  void keysTooLongForLmdbAreBadRequests() throws DBException {
    TieredClient c = client(Medium.PMEM, "fieldcount", "1");
    String key = "k".repeat(512);
    assertEquals(Status.BAD_REQUEST, c.insert("usertable", key, values("field0", "v")));
    assertEquals(Status.BAD_REQUEST, c.read("usertable", key, null, new HashMap<>()));
    assertEquals(Status.BAD_REQUEST, c.update("usertable", key, values("field0", "v")));
    assertEquals(Status.BAD_REQUEST, c.delete("usertable", key));
  }

  @Test
  void valuesThatAreNotRecordsAreUnexpectedState() throws DBException {
    TieredClient raw = client(Medium.PMEM, "fieldcount", "1");
    assertEquals(Status.OK, raw.insert("usertable", "user1", values("field0", "not a record")));
    raw.cleanup();
    TieredClient fields = client(Medium.PMEM, "fieldcount", "3");
    assertEquals(Status.UNEXPECTED_STATE, fields.read("usertable", "user1", null, new HashMap<>()));
    assertEquals(Status.UNEXPECTED_STATE, fields.update("usertable", "user1", values("field1", "x")));
    assertEquals(Status.UNEXPECTED_STATE, fields.scan("usertable", "user1", 1, null, new Vector<>()));
  }

  @Test
  void threadsShareOneStoreAndTheLastCleanupPublishesTier() throws DBException {
    TieredClient a = client(Medium.PMEM, "fieldcount", "1", "threadcount", "2");
    TieredClient b = client(Medium.PMEM, "fieldcount", "1", "threadcount", "2");
    a.insert("usertable", "user1", values("field0", "x"));
    read(b, "user1", null);                                          // hit
    b.read("usertable", "user2", null, new HashMap<>());             // miss
    a.update("usertable", "user1", values("field0", "y"));
    assertEquals(Map.of("field0", "y"), read(b, "user1", null));     // hit: a's write is visible to b
    a.cleanup();
    assertTrue(ResultSections.published().isEmpty(), "published before the last client finished");
    b.cleanup();
    List<ResultSection> sections = ResultSections.published();
    assertEquals(1, sections.size());
    Map<String, Object> tier = sections.get(0).values();
    assertEquals("TIER", sections.get(0).name());
    assertEquals(List.of("Medium", "Path", "Sync", "DramBudgetBytes", "BlockCacheBytes", "EstimatedDataBytes",
        "DramHits", "DramMisses", "DramHitRatio", "PersistentReads", "PersistentWrites", "PersistentScans", "DramBytes",
        "DramRecords", "MediumBytes", "WarmupRecords", "WarmupSavedRecords", "Failures", "DirectIo", "DeviceReads",
        "DeviceReadBytes", "BlockCacheDataHits", "MemtableHits", "ProcessReadBytes", "DeviceReadP50(us)", "DeviceReadP99(us)",
        "DeviceReadMax(us)", "StoreLoops", "StoreIoThreads", "Clients", "StoreCallingThreads", "Cores"),
        List.copyOf(tier.keySet()).subList(0, 32));
    // then what the store used, as far as this machine tells (no loops on the synchronous path)
    List<String> usage = List.copyOf(tier.keySet()).subList(32, tier.size());
    assertTrue(usage.contains("StoreWindow(ms)"), usage.toString());
    assertTrue(List.of("StoreCpu(ms)", "StoreWindow(ms)", "Device", "StoreCpuCores", "DeviceUtilisation", "DeviceQueue")
        .containsAll(usage), usage.toString());
    assertEquals("pmem", tier.get("Medium"));
    assertEquals(dir.toString(), tier.get("Path"));
    assertEquals(2L, tier.get("DramHits"));
    assertEquals(1L, tier.get("DramMisses"));
    assertEquals(2.0 / 3, (Double) tier.get("DramHitRatio"), 1e-12);
    assertEquals(1L, tier.get("PersistentReads"));
    assertEquals(2L, tier.get("PersistentWrites"));
    assertEquals(1L, tier.get("DramRecords"));
    assertEquals(6L, tier.get("DramBytes")); // "user1" + "y"
    assertTrue((Long) tier.get("MediumBytes") > 0);
    assertEquals(0L, tier.get("Failures"));
    assertEquals(0L, tier.get("StoreLoops"), "the synchronous path starts no loop");
    assertEquals(2L, tier.get("Clients"));
    assertEquals(1L, tier.get("StoreCallingThreads"));
  }

  /** Under tiered.sync=always [TIER] counts the syncs and the writes each made durable; under none it has no such rows. */
  @ParameterizedTest
  @EnumSource(Medium.class)
  void syncedWritesAreCountedPerSync(Medium medium) throws DBException {
    TieredClient c = client(medium, "fieldcount", "1", "tiered.sync", "always");
    for (int i = 0; i < 5; i++) {
      assertEquals(Status.OK, c.insert("usertable", "user" + i, values("field0", "v" + i)));
    }
    c.cleanup();
    Map<String, Object> tier = ResultSections.published().get(0).values();
    // one writer: each write is a commit of its own, synced
    assertEquals(5L, tier.get("Syncs"), tier.toString());
    assertEquals(1.0, (Double) tier.get("WritesPerSync"), 1e-9, tier.toString());
    assertTrue((Long) tier.get("SyncsPerSecond") > 0, tier.toString());
  }

  @Test
  void withoutSyncThereAreNoSyncRows() throws DBException {
    TieredClient c = client(Medium.DISK, "fieldcount", "1");
    assertEquals(Status.OK, c.insert("usertable", "user1", values("field0", "v")));
    c.cleanup();
    Map<String, Object> tier = ResultSections.published().get(0).values();
    assertEquals("none", tier.get("Sync"));
    assertFalse(tier.containsKey("Syncs") || tier.containsKey("WritesPerSync"), tier.toString());
  }

  @Test
  void initFailuresAreOneLineDbExceptionsWithTheirCause() {
    DBException bad = assertThrows(DBException.class, () -> client(Medium.PMEM, "tiered.ratio", "1/4"));
    assertInstanceOf(PropertyException.class, bad.getCause());
    assertTrue(bad.getMessage().startsWith("invalid value '1/4' for property 'tiered.ratio': allowed memory:data"),
        bad.getMessage());
    assertFalse(bad.getMessage().contains("\n"));

    DBException missing = assertThrows(DBException.class,
        () -> client(Medium.DISK, "tiered.path", dir.resolve("a/b").toString()));
    assertInstanceOf(LocationException.class, missing.getCause());
    assertTrue(missing.getMessage().contains(": missing: "), missing.getMessage());
  }
}
