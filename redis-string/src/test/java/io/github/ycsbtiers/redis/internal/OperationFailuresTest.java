package io.github.ycsbtiers.redis.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.api.ResultSection;
import io.github.ycsbtiers.api.ResultSections;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.exceptions.JedisConnectionException;

class OperationFailuresTest {
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @BeforeEach
  void clear() {
    ResultSections.clear();
  }

  @Test
  void keepsTheFirstCauseAndCountsAll() {
    OperationFailures failures = new OperationFailures();
    failures.record("READ", "user1", new JedisConnectionException("Unexpected end of stream, at last"));
    failures.record("UPDATE", "user2", new JedisConnectionException("Connection refused"));
    failures.record("READ", "user3", new JedisConnectionException("Connection refused"));
    assertEquals(3, failures.count());
    assertEquals("READ user1: JedisConnectionException: Unexpected end of stream, at last", failures.first());

    failures.report(new PrintStream(err, true, StandardCharsets.UTF_8));
    List<ResultSection> sections = ResultSections.published();
    assertEquals(1, sections.size());
    assertEquals(OperationFailures.SECTION, sections.get(0).name());
    assertEquals(3L, sections.get(0).values().get("FailedOperations"));
    // report lines are comma separated: the label must not add a column
    assertEquals("READ user1: JedisConnectionException: Unexpected end of stream; at last",
        sections.get(0).values().get("FirstFailure"));
    String line = err.toString(StandardCharsets.UTF_8);
    assertEquals(1, line.lines().count(), line);
    assertTrue(line.startsWith("redis-string: 3 operation(s) failed"), line);
  }

  @Test
  void silentWithoutFailures() {
    new OperationFailures().report(new PrintStream(err, true, StandardCharsets.UTF_8));
    assertTrue(ResultSections.published().isEmpty());
    assertEquals("", err.toString(StandardCharsets.UTF_8));
  }
}
