package io.github.ycsbtiers.runner.workload.template;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.api.BatchMode;
import io.github.ycsbtiers.api.PropertyException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;
import site.ycsb.WorkloadException;

class TemplateWorkloadTest {
  private static Properties props(String... pairs) {
    Properties p = new Properties();
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    return p;
  }

  private static String s(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  @Test
  void placeholdersInsideArgumentsAndHashTags() {
    Argument a = Argument.parse("foo-__RAND__-x");
    assertEquals(3, a.parts().size());
    assertEquals(Placeholder.RAND, a.parts().get(1));
    assertEquals("bm", Argument.parse("{bm}-__RAND__").fixedHashTag());
    assertNull(Argument.parse("{__RAND__}").fixedHashTag());
    assertNull(Argument.parse("foo-__RAND__").fixedHashTag());
    assertEquals("GET", s(Argument.parse("GET").literal()));
    assertEquals("__RND__", Argument.unknownPlaceholder("SETBIT foo-__RND__ 1"));
  }

  @Test
  void randomArgumentsStayInTheirRanges() throws WorkloadException {
    TemplateWorkload w = new TemplateWorkload();
    w.init(props("templates", "t", "template.t.command", "SETBIT foo-__RAND__ __RAND2__ 1", "rand.min", "100",
        "rand.range", "5", "rand2.range", "3"));
    CommandOp op = w.newOperation(0);
    Set<String> keys = new HashSet<>();
    for (int i = 0; i < 2000; i++) {
      w.nextTransaction(op);
      assertEquals(1, op.count());
      assertNull(op.mode());
      byte[][] c = op.commands()[0];
      assertEquals("SETBIT", s(c[0]));
      keys.add(s(c[1]));
      long offset = Long.parseLong(s(c[2]));
      assertTrue(offset >= 0 && offset < 3, s(c[2]));
      assertEquals("1", s(c[3]));
    }
    assertEquals(Set.of("foo-100", "foo-101", "foo-102", "foo-103", "foo-104"), keys);
    assertArrayEquals(new String[] {"T", "TOTAL"}, op.sections());
  }

  @Test
  void aBatchWithOneKeyDrawsTheKeyOnceAndTheRestPerCommand() throws WorkloadException {
    TemplateWorkload w = new TemplateWorkload();
    w.init(props("templates", "m", "template.m.command", "SETBIT foo-__RAND__ __RAND2__ 1",
        "template.m.batch.size", "10", "template.m.batch.mode", "multi", "template.m.batch.key", "same"));
    CommandOp op = w.newOperation(0);
    w.nextTransaction(op);
    assertEquals(10, op.count());
    assertEquals(BatchMode.MULTI, op.mode());
    Set<String> keys = new HashSet<>();
    Set<String> offsets = new HashSet<>();
    for (int i = 0; i < op.count(); i++) {
      keys.add(s(op.commands()[i][1]));
      offsets.add(s(op.commands()[i][2]));
    }
    assertEquals(1, keys.size());
    assertTrue(offsets.size() > 1, offsets.toString());
    assertEquals(Map.of("M", 10), w.batchSizes());
  }

  @Test
  void keyspacesShareOperationsAndTheLoadFillsEachInOrder() throws WorkloadException {
    Properties p = props("keyspaces", "h,s", "recordcount", "30",
        "keyspace.h.keys", "10", "keyspace.h.type", "hash", "keyspace.h.fields", "3", "keyspace.h.valuesize", "20-80",
        "keyspace.h.prefix", "h:", "keyspace.h.keylength", "8", "keyspace.h.share", "1",
        "keyspace.s.keys", "20", "keyspace.s.valuesize", "32", "keyspace.s.share", "3",
        "templates", "hg,g", "template.hg.command", "HGETALL __key__", "template.hg.keyspace", "h",
        "template.g.command", "GET __key__", "template.g.keyspace", "s");
    p.setProperty("dotransactions", "false");
    TemplateWorkload load = new TemplateWorkload();
    load.init(p);
    CommandOp op = load.newOperation(0);
    for (int n = 0; n < 30; n++) {
      load.nextInsert(op);
      byte[][] c = op.commands()[0];
      if (n < 10) {
        assertEquals("HSET", s(c[0]));
        assertEquals(String.format("h:%06d", n), s(c[1]));
        assertEquals(8, c.length);
        for (int f = 0; f < 3; f++) {
          assertEquals("field" + f, s(c[2 + 2 * f]));
          int size = c[3 + 2 * f].length;
          assertTrue(size >= 20 && size <= 80, "size " + size);
        }
        assertArrayEquals(new String[] {"INSERT", "KEYSPACE-h"}, op.sections());
      } else {
        assertEquals("SET", s(c[0]));
        assertEquals("s:" + (n - 10), s(c[1]));
        assertEquals(32, c[2].length);
      }
    }
    p.setProperty("dotransactions", "true");
    TemplateWorkload run = new TemplateWorkload();
    run.init(p);
    Map<String, Integer> counts = new HashMap<>();
    for (int i = 0; i < 20_000; i++) {
      run.nextTransaction(op);
      counts.merge(s(op.commands()[0][0]), 1, Integer::sum);
      String key = s(op.commands()[0][1]);
      assertTrue(key.startsWith(s(op.commands()[0][0]).equals("GET") ? "s:" : "h:"), key);
    }
    double share = counts.get("HGETALL") / 20_000.0;
    assertTrue(Math.abs(share - 0.25) < 0.02, counts.toString());
    assertEquals(List.of("HG", "KEYSPACE-h", "CMD-HGETALL", "TOTAL"), List.of(sectionsOf(run, "HGETALL")));
  }

  @Test
  void theSameClientSeedDrawsTheSameSequence() throws WorkloadException {
    List<String> first = draws("42", "0", 3);
    assertEquals(first, draws("42", "0", 3));
    assertNotEquals(first, draws("43", "0", 3));
    assertNotEquals(first, draws("42", "1", 3));
    assertNotEquals(first, draws("42", "0", 4));
  }

  /** Keyspace, template, key and __RAND__ of 500 operations of logical client {@code clientId}. */
  private static List<String> draws(String seed, String index, int clientId) throws WorkloadException {
    TemplateWorkload w = new TemplateWorkload();
    w.init(props("client.seed", seed, "client.count", "2", "client.index", index, "keyspaces", "a,b",
        "keyspace.a.keys", "100000", "keyspace.b.keys", "100000", "requestdistribution", "zipfian",
        "templates", "g,s", "template.g.command", "GET __key__", "template.g.keyspace", "a",
        "template.s.command", "SETBIT __key__ __RAND__ 1", "template.s.keyspace", "b"));
    CommandOp op = w.newOperation(clientId);
    List<String> drawn = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      w.nextTransaction(op);
      StringBuilder line = new StringBuilder();
      for (byte[] arg : op.commands()[0]) {
        line.append(s(arg)).append(' ');
      }
      drawn.add(line.toString());
    }
    return drawn;
  }

  private static String[] sectionsOf(TemplateWorkload w, String command) {
    CommandOp op = w.newOperation(0);
    do {
      w.nextTransaction(op);
    } while (!s(op.commands()[0][0]).equals(command));
    return op.sections();
  }

  @Test
  void badSettingsNameTheirProperty() {
    assertRefused("template.t.command", "templates", "t", "template.t.command", "SET __key__ __value__");
    assertRefused("template.t.command", "templates", "t", "template.t.command", " ");
    assertRefused("template.t.command", "templates", "t");
    assertRefused("template.t.proportion", "templates", "t,u", "template.t.command", "GET __key__",
        "template.t.proportion", "0", "template.u.command", "GET __key__", "template.u.proportion", "0");
    assertRefused("template.t.keyspace", "templates", "t", "template.t.command", "GET __key__",
        "template.t.keyspace", "nope");
    assertRefused("keyspace.default.valuesize", "templates", "t", "template.t.command", "GET __key__",
        "keyspace.default.valuesize", "80-20");
    assertRefused("keyspace.a.keys", "keyspaces", "a", "templates", "t", "template.t.command", "GET __key__");
    assertRefused("keyspace.default.keylength", "templates", "t", "template.t.command", "GET __key__",
        "recordcount", "1000", "keyspace.default.keylength", "5");
    assertRefused("template.t.batch.mode", "templates", "t", "template.t.command", "GET __key__",
        "template.t.batch.mode", "transaction");
    assertRefused("recordcount", "dotransactions", "false", "keyspaces", "a", "keyspace.a.keys", "10",
        "recordcount", "11");
    assertRefused("keyspace.a.distribution", "keyspaces", "a", "keyspace.a.keys", "10",
        "keyspace.a.hot.keys", "0.5", "keyspace.a.distribution", "zipfian", "templates", "t",
        "template.t.command", "GET __key__");
  }

  private static void assertRefused(String property, String... pairs) {
    PropertyException e = assertThrows(PropertyException.class, () -> TemplateOptions.fromProperties(props(pairs)));
    assertTrue(e.getMessage().contains("'" + property + "'"), e.getMessage());
  }
}
