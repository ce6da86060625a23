package io.github.ycsbtiers.runner.workload;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/** A test fixture of the {@link DB} contract: records in a sorted concurrent map, keyed by table and key. */
class InMemoryDb extends DB {
  final ConcurrentSkipListMap<String, Map<String, byte[]>> records = new ConcurrentSkipListMap<>();
  final AtomicInteger calls = new AtomicInteger();

  private static String id(String table, String key) {
    return table + "/" + key;
  }

  Map<String, byte[]> record(String table, String key) {
    return records.get(id(table, key));
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    calls.incrementAndGet();
    Map<String, byte[]> r = records.get(id(table, key));
    if (r == null) {
      return Status.NOT_FOUND;
    }
    copy(r, fields, result);
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    calls.incrementAndGet();
    String prefix = table + "/";
    for (Map.Entry<String, Map<String, byte[]>> e : records.tailMap(id(table, startkey)).entrySet()) {
      if (result.size() >= recordcount || !e.getKey().startsWith(prefix)) {
        break;
      }
      HashMap<String, ByteIterator> row = new HashMap<>();
      copy(e.getValue(), fields, row);
      result.add(row);
    }
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    calls.incrementAndGet();
    Map<String, byte[]> r = records.get(id(table, key));
    if (r == null) {
      return Status.NOT_FOUND;
    }
    synchronized (r) {
      values.forEach((f, v) -> r.put(f, v.toArray()));
    }
    return Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    calls.incrementAndGet();
    Map<String, byte[]> r = new HashMap<>();
    values.forEach((f, v) -> r.put(f, v.toArray()));
    records.put(id(table, key), r);
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    calls.incrementAndGet();
    return records.remove(id(table, key)) == null ? Status.NOT_FOUND : Status.OK;
  }

  private static void copy(Map<String, byte[]> record, Set<String> fields, Map<String, ByteIterator> out) {
    synchronized (record) {
      for (Map.Entry<String, byte[]> f : record.entrySet()) {
        if (fields == null || fields.contains(f.getKey())) {
          out.put(f.getKey(), new ByteArrayByteIterator(f.getValue().clone()));
        }
      }
    }
  }
}
