package io.github.ycsbtiers.runner.workload.generator;

import io.github.ycsbtiers.runner.workload.random.WorkloadRandom;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Field lengths from a histogram file ({@code fieldlengthdistribution=histogram}), YCSB core's
 * {@code HistogramGenerator}: the same file format (a first line {@code BlockSize<TAB>n}, then
 * {@code bucket<TAB>count} lines) and the same draw, a uniform number below the total count walked
 * down the buckets, which returns a multiple of the block size.
 */
public final class SeededHistogramGenerator implements SeededLongGenerator {
  private final long blockSize;
  private final long[] buckets;
  private final int area;

  /** Reads {@code file}; @throws IOException if it cannot be read or is not in core's format */
  public static SeededHistogramGenerator read(String file) throws IOException {
    try (BufferedReader in = Files.newBufferedReader(Path.of(file), StandardCharsets.UTF_8)) {
      String first = in.readLine();
      if (first == null) {
        throw new IOException("empty histogram file");
      }
      String[] cells = first.split("\t");
      if (!cells[0].equals("BlockSize") || cells.length < 2) {
        throw new IOException("the first line is not 'BlockSize<TAB>n'");
      }
      long blockSize = Integer.parseInt(cells[1].trim());
      List<Long> counts = new ArrayList<>();
      String line;
      while ((line = in.readLine()) != null) {
        cells = line.split("\t");
        // as core: the bucket number is the position the count is inserted at
        counts.add(Integer.parseInt(cells[0].trim()), (long) Integer.parseInt(cells[1].trim()));
      }
      long[] buckets = counts.stream().mapToLong(Long::longValue).toArray();
      return new SeededHistogramGenerator(buckets, blockSize);
    } catch (NumberFormatException | IndexOutOfBoundsException e) {
      throw new IOException("not a histogram of 'bucket<TAB>count' lines: " + e.getMessage(), e);
    }
  }

  public SeededHistogramGenerator(long[] buckets, long blockSize) {
    long total = 0;
    for (long b : buckets) {
      total += b;
    }
    if (total <= 0 || total > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("histogram counts must add up to 1 to 2^31-1: " + total);
    }
    this.buckets = buckets.clone();
    this.blockSize = blockSize;
    this.area = (int) total;
  }

  @Override
  public long next(WorkloadRandom random) {
    long number = random.nextInt(area);
    int i;
    for (i = 0; i < buckets.length - 1; i++) {
      number -= buckets[i];
      if (number <= 0) {
        return (i + 1) * blockSize;
      }
    }
    return i * blockSize;
  }
}
