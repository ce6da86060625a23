package io.github.ycsbtiers.tiered.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.tiered.store.StoreProperties;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bad-input table of the tiered binding: every {@code tiered.*} property with malformed
 * values, each refused by {@link TieredClient#checkProperties} (which the runner calls before any
 * work, exit 2) with one line naming the property and the value (that very property: a row refused
 * for another's sake fails); nothing is created.
 */
class BadInputTableTest {
  private static final String MISSPELT = "tiered.memroy";
  private static final List<List<String>> TABLE = List.of(
      List.of(StoreProperties.MEDIUM, "floppy", "ram"),
      List.of(StoreProperties.PATH, "/nonexistent/parent/store"),
      List.of(StoreProperties.SYNC, "sometimes", "fsync", "everysec"),
      // malformed, out of range, and (the default sync is none) set without tiered.sync=periodic
      List.of(StoreProperties.SYNC_INTERVAL, "0", "-1", "abc", "1.5", "1d", "2h", "3600001", "100"),
      List.of(StoreProperties.MEMORY, "-1", "abc", "12q", "1.5g", "_1g"),
      List.of(StoreProperties.RATIO, "abc", "1:0", "-1:4", "1:"),
      List.of(StoreProperties.WARMUP, "maybe"),
      // "true" without tiered.medium=disk: the default medium is pmem
      List.of(StoreProperties.PAGE_CACHE, "yes", "1", "true"),
      List.of(StoreProperties.LOOPS, "0", "-2", "two", "4097"),
      List.of(StoreProperties.IO_THREADS, "0", "1.5", "many", "4097"),
      List.of(StoreProperties.IO_CARRY, "yes", "1", "maybe"),
      // not a RocksDB column-family option, a value RocksDB cannot parse, and (pmem) not the disk tier
      List.of("tiered.rocksdb.write_bufer_size", "1048576"),
      List.of("tiered.rocksdb.write_buffer_size", "lots"),
      List.of("tiered.rocksdb.level0_slowdown_writes_trigger", "4"),
      List.of("fieldcount", "0", "abc"),
      List.of(MISSPELT, "64m"));

  @TempDir
  Path dir;

  static Stream<Arguments> cases() {
    return TABLE.stream().flatMap(r -> r.subList(1, r.size()).stream().map(v -> Arguments.of(r.get(0), v)));
  }

  @ParameterizedTest(name = "{0}={1}")
  @MethodSource("cases")
  void refusedWithOneLineNamingIt(String property, String value) throws Exception {
    Properties p = new Properties();
    p.setProperty(StoreProperties.PATH, dir.resolve("store").toString());
    p.setProperty("recordcount", "1000");
    p.setProperty(property, value);
    TieredClient client = new TieredClient();
    client.setProperties(p);
    PropertyException e = assertThrows(PropertyException.class, client::checkProperties);
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
    // a name the store does not know is refused by name; every other row by its value
    String form = property.equals(MISSPELT) ? "unknown property '" + property + "': allowed "
        : "invalid value '" + value + "' for property '" + property + "': allowed ";
    assertTrue(e.getMessage().startsWith(form), e.getMessage());
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals("", files.map(Path::toString).collect(Collectors.joining(", ")), "created");
    }
  }

  @Test
  void everyStorePropertyHasARow() {
    Set<String> covered = TABLE.stream().map(r -> r.get(0)).collect(Collectors.toSet());
    assertTrue(covered.containsAll(new HashSet<>(StoreProperties.PROPERTIES)), covered.toString());
  }
}
