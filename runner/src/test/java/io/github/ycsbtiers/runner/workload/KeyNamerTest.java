package io.github.ycsbtiers.runner.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class KeyNamerTest {

  @ParameterizedTest(name = "insertorder={0} zeropadding={1}")
  @CsvSource({"hashed,1", "hashed,20", "ordered,1", "ordered,20"})
  void namesEqualUpstreamBelow2to31(String order, int padding) throws Exception {
    UpstreamCoreWorkload upstream = UpstreamCoreWorkload.create(Fixtures.props(
        "insertorder", order, "zeropadding", String.valueOf(padding), "recordcount", "1000"));
    KeyNamer namer = new KeyNamer(padding, order.equals("ordered"));

    List<Long> numbers = new ArrayList<>(List.of(0L, 1L, 9L, 10L, 99L, 12345L, 999_999_999L,
        1_000_000_000L, Integer.MAX_VALUE - 1L, (long) Integer.MAX_VALUE));
    SplittableRandom random = new SplittableRandom(42);
    for (int i = 0; i < 20_000; i++) {
      numbers.add((long) random.nextInt(Integer.MAX_VALUE));
    }
    for (long n : numbers) {
      assertEquals(upstream.key(n), namer.name(n), "key number " + n);
    }
  }

  @Test
  void keyNumbersAbove32BitsStayDistinct() {
    for (boolean ordered : new boolean[] {true, false}) {
      KeyNamer namer = new KeyNamer(1, ordered);
      assertNotEquals(namer.name(1), namer.name((1L << 32) + 1));
      assertNotEquals(namer.name(Integer.MAX_VALUE), namer.name(Integer.MAX_VALUE + 1L));
    }
  }

  @Test
  void orderedKeysAreNotTruncated() {
    assertEquals("user3000000000", new KeyNamer(1, true).name(3_000_000_000L));
    assertEquals("user5119999999", new KeyNamer(1, true).name(5_119_999_999L));
    assertEquals("user00000000003000000000", new KeyNamer(20, true).name(3_000_000_000L));
  }

}
