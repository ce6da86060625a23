package io.github.ycsbtiers.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every literal default in the docs' property tables is the default the code applies
 * ({@link CodeDefaults}); a documented {@code redis.*}, {@code tiered.*} or {@code runner.*}
 * property must be one the code reads with a default. Other properties (upstream YCSB's, read by
 * its core) are compared when the runner reads them too.
 */
class DocsDefaultsTest {
  private static final List<String> OWN_PREFIXES = List.of("redis.", "tiered.", "runner.", "metrics.");

  @TempDir
  Path tmp;

  @Test
  void documentedDefaultsAreTheCodes() {
    Path root = Repository.root();
    Map<String, String> code = CodeDefaults.all();
    List<String> problems = new ArrayList<>();
    int compared = 0;
    for (Path file : new LinkCheck(root).markdownFiles()) {
      for (PropertyTable.Row row : PropertyTable.rows(file)) {
        String problem = check(root, row, code);
        if (problem != null) {
          problems.add(problem);
        } else if (code.containsKey(row.property())) {
          compared++;
        }
      }
    }
    assertTrue(compared >= 30, "only " + compared + " documented defaults compared with the code");
    assertEquals(List.of(), problems, compared + " defaults agree; these do not:\n" + String.join("\n", problems));
  }

  @Test
  void aTableDefaultThatDiffersFromTheCodeIsReported() throws IOException {
    Path md = tmp.resolve("table.md");
    Files.writeString(md, "| property | default | meaning |\n|---|---|---|\n"
        + "| `redis.timeout` | `3000` | read timeout |\n| `redis.port` | `6379` | port |\n"
        + "| `redis.nosuch` | `1` | a property the code does not read |\n"
        + "| `status.interval` | 10 | seconds |\n| `runner.engine.threads` | number of cores | prose |\n"
        + "| `redis.connections` | `threadcount` | the value of another property |\n");
    Map<String, String> code = CodeDefaults.all();
    List<String> problems = new ArrayList<>();
    for (PropertyTable.Row row : PropertyTable.rows(md)) {
      String p = check(tmp, row, code);
      if (p != null) {
        problems.add(p);
      }
    }
    assertEquals(2, problems.size(), problems.toString());
    assertTrue(problems.get(0).contains("redis.timeout") && problems.get(0).contains("2000"), problems.get(0));
    assertTrue(problems.get(1).contains("redis.nosuch"), problems.get(1));
  }

  private static String check(Path root, PropertyTable.Row row, Map<String, String> code) {
    String where = root.relativize(row.file().toAbsolutePath().normalize()) + ":" + row.line() + ": ";
    if (!code.containsKey(row.property())) {
      boolean own = OWN_PREFIXES.stream().anyMatch(row.property()::startsWith);
      return own ? where + row.property() + " is documented with default " + shown(row.documented())
          + ", but the code reads no such property with a default" : null;
    }
    String actual = code.get(row.property());
    String documented = row.documented();
    if (code.containsKey(documented) && !documented.equals(row.property())) {
      // a default that names another property ("threadcount") is that property's value
      documented = code.get(documented) == null ? PropertyTable.NONE : code.get(documented);
    }
    return same(documented, actual) ? null
        : where + row.property() + ": documented default " + shown(row.documented()) + ", the code's is " + shown(actual);
  }

  private static boolean same(String documented, String actual) {
    if (documented.equals(PropertyTable.NONE)) {
      return actual == null || actual.isEmpty();
    }
    if (actual == null) {
      return false;
    }
    if (documented.equalsIgnoreCase(actual)) {
      return true;
    }
    try {
      return new BigDecimal(documented.replace("_", "")).compareTo(new BigDecimal(actual)) == 0;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static String shown(String value) {
    return value == null || value.equals(PropertyTable.NONE) ? "none" : "'" + value + "'";
  }
}
