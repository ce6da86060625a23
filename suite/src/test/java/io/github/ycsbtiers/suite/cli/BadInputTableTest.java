package io.github.ycsbtiers.suite.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bad-input table of {@code bin/ycsb-suite}: every option with malformed values. Each run
 * exits 2 with one {@code error:} line naming the option and the value (that very option: a row
 * refused for another's sake, say --warmup-max for --warmup, fails), before any phase starts
 * (no bin/ycsb, so no connection) and without creating the results directory.
 */
class BadInputTableTest {
  private static final List<List<String>> TABLE = List.of(
      List.of("--threads", "0", "-1", "abc", "20000"),
      List.of("--records", "0", "-5", "abc"),
      List.of("--operations", "0", "abc"),
      List.of("--min-operations", "-1", "abc"),
      List.of("--warmup", "abc", "-1"),
      List.of("--warmup-max", "-1", "abc"),
      List.of("--memory", "abc", "-5g", "12q"),
      List.of("--value-size", "0", "abc", "-3"),
      List.of("--value-sizes", "1,abc", "0", "-1,2"),
      List.of("--data", "abc", "-1m"),
      List.of("--settle", "-1", "abc"),
      List.of("--settle-limit", "-1", "abc"),
      List.of("--curve", "0", "0,50", "101", "abc", "50,50", "-1", "10,,20", "0.5,1.5,200"),
      List.of("--curve-knee", "1", "abc", "0.5"),
      List.of("--curve-seconds", "0", "abc"),
      List.of("--connections", "8", "abc", "0"),
      List.of("--ramp-growth", "0", "abc", "-5"),
      List.of("--ramp-max", "0", "abc"),
      List.of("--ramp-seconds", "0", "abc"),
      List.of("--metrics-port", "0", "abc", "65536", "-1"),
      List.of("--profile", " ", "wave 1 2", "ramp 10 20", "constant 100 10s,ramp 1 2", "ramp 10% 150% 60s"),
      List.of("--target", "noequals", "a=", "a=redis,nokeyvalue", "a=redis,warmuptime=5"),
      List.of("scenario", "no-such-scenario"),
      List.of("option", "--thread"));

  @TempDir
  Path dir;

  static Stream<Arguments> cases() {
    return TABLE.stream().flatMap(r -> r.subList(1, r.size()).stream().map(v -> Arguments.of(r.get(0), v)));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("cases")
  void refusedWithOneLineBeforeAnyWork(String option, String value) throws Exception {
    Path out = dir.resolve("results");
    List<String> args = new ArrayList<>();
    switch (option) {
      case "scenario" -> args.add(value);
      case "option" -> args.addAll(List.of("tier-ratio", value, "8"));
      default -> args.addAll(List.of("tier-ratio", option, value));
    }
    args.addAll(List.of("--out", out.toString()));
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    int status = Main.run(args, new PrintStream(o, true, StandardCharsets.UTF_8),
        new PrintStream(e, true, StandardCharsets.UTF_8));
    String err = e.toString(StandardCharsets.UTF_8);
    assertEquals(2, status, args + "\n" + err);
    List<String> errors = err.lines().filter(l -> l.startsWith("error:")).collect(Collectors.toList());
    assertEquals(1, errors.size(), err);
    assertTrue(errors.get(0).startsWith("error: " + option + " " + value + ": "), errors.get(0));
    assertFalse(Files.exists(out), "results directory created");
    assertEquals("", o.toString(StandardCharsets.UTF_8));
  }
}
