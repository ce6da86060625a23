package io.github.ycsbtiers.runner.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SyncEngineShareTest {
  @ParameterizedTest
  @CsvSource({"3000000000, 1", "3000000000, 7", "5120000000, 32", "4294967297, 3", "10, 32", "0, 4"})
  void sharesAddUpWithoutWrapping(long total, int threads) {
    long sum = 0;
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (int id = 0; id < threads; id++) {
      long share = SyncEngine.shareOf(total, threads, id);
      sum += share;
      min = Math.min(min, share);
      max = Math.max(max, share);
    }
    assertEquals(total, sum);
    assertEquals(true, max - min <= 1, "shares differ by more than one");
    assertEquals(true, min >= 0, "negative share");
  }

  @ParameterizedTest
  @CsvSource({"0, '0 seconds '", "1, '1 second '", "59, '59 seconds '", "60, '1 minute '",
      "3661, '1 hour 1 minute '", "90000, '1 day 1 hour '", "8640000000, '100000 days '"})
  void remainingTimeUsesUpstreamsUnitsWithCorrectSingulars(long seconds, String expected) {
    assertEquals(expected, RemainingTime.format(seconds));
  }
}
