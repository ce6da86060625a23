package io.github.ycsbtiers.runner.workload;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.PropertyReader;
import io.github.ycsbtiers.runner.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The properties of YCSB's core workload, parsed and validated once. Names, defaults and meaning
 * are those of upstream {@code site.ycsb.workloads.CoreWorkload} (0.17, plus
 * {@code readallfieldsbyname} from later releases); counts and key numbers are 64-bit.
 *
 * <p>Where upstream is lenient this is strict, so that a typo fails the run instead of changing it:
 * booleans must be {@code true} or {@code false} (upstream reads anything else as false), words must
 * be one of the documented ones (upstream treats any {@code insertorder} other than
 * {@code hashed} as ordered), fractions must lie in their range (upstream replaces an out-of-range
 * hotspot fraction by 0), and {@code insertstart + insertcount} must not exceed
 * {@code recordcount} (upstream 0.17 exits for that too). As upstream, {@code recordcount=0} (the
 * default) means 2^31-1 records.
 *
 * @param table {@code table}, default {@code usertable}
 * @param fieldCount {@code fieldcount}, default 10
 * @param fieldNamePrefix {@code fieldnameprefix}, default {@code field}: fields are prefix + 0..n-1
 * @param fieldLength {@code fieldlength}, default 100: the (maximum) length of a value in bytes
 * @param minFieldLength {@code minfieldlength}, default 1, for uniform and zipfian field lengths
 * @param fieldLengthDistribution {@code fieldlengthdistribution}, default constant
 * @param fieldLengthHistogramFile {@code fieldlengthhistogram}, default {@code hist.txt}
 * @param readAllFields {@code readallfields}, default true; false reads one random field
 * @param readAllFieldsByName {@code readallfieldsbyname}, default false; true names every field in
 *     reads instead of passing null
 * @param writeAllFields {@code writeallfields}, default false; false updates one random field
 * @param dataIntegrity {@code dataintegrity}, default false; deterministic values checked on read
 * @param readProportion {@code readproportion}, default 0.95
 * @param updateProportion {@code updateproportion}, default 0.05
 * @param insertProportion {@code insertproportion}, default 0
 * @param scanProportion {@code scanproportion}, default 0
 * @param readModifyWriteProportion {@code readmodifywriteproportion}, default 0
 * @param requestDistribution {@code requestdistribution}, default uniform
 * @param minScanLength {@code minscanlength}, default 1
 * @param maxScanLength {@code maxscanlength}, default 1000
 * @param scanLengthDistribution {@code scanlengthdistribution}, default uniform
 * @param orderedInserts {@code insertorder}: {@code ordered} or {@code hashed} (default)
 * @param zeroPadding {@code zeropadding}, default 1: key numbers are left-padded to this many digits
 * @param hotspotDataFraction {@code hotspotdatafraction}, default 0.2
 * @param hotspotOpnFraction {@code hotspotopnfraction}, default 0.8
 * @param exponentialPercentile {@code exponential.percentile}, default 95
 * @param exponentialFrac {@code exponential.frac}, default 0.8571428571
 * @param recordCount {@code recordcount}, default 0, which means 2^31-1 as upstream
 * @param operationCount {@code operationcount}, default 0
 * @param insertStart {@code insertstart}, default 0: the first key number this client loads
 * @param insertCount {@code insertcount}, default recordcount - insertstart
 * @param insertionRetryLimit {@code core_workload_insertion_retry_limit}, default 0
 * @param insertionRetryIntervalSeconds {@code core_workload_insertion_retry_interval}, default 3
 * @param gaussian the {@code gaussian.*} properties resolved over the load range, or null unless
 *     {@code requestdistribution=gaussian}
 */
public record CoreWorkloadOptions(
    String table,
    int fieldCount,
    String fieldNamePrefix,
    int fieldLength,
    int minFieldLength,
    FieldLengthDistribution fieldLengthDistribution,
    String fieldLengthHistogramFile,
    boolean readAllFields,
    boolean readAllFieldsByName,
    boolean writeAllFields,
    boolean dataIntegrity,
    double readProportion,
    double updateProportion,
    double insertProportion,
    double scanProportion,
    double readModifyWriteProportion,
    RequestDistribution requestDistribution,
    int minScanLength,
    int maxScanLength,
    ScanLengthDistribution scanLengthDistribution,
    boolean orderedInserts,
    int zeroPadding,
    double hotspotDataFraction,
    double hotspotOpnFraction,
    double exponentialPercentile,
    double exponentialFrac,
    long recordCount,
    long operationCount,
    long insertStart,
    long insertCount,
    int insertionRetryLimit,
    int insertionRetryIntervalSeconds,
    GaussianKeyOptions gaussian) {

  public static final String RECORD_COUNT = "recordcount";
  public static final String OPERATION_COUNT = "operationcount";
  public static final String INSERT_START = "insertstart";
  public static final String INSERT_COUNT = "insertcount";
  public static final String REQUEST_DISTRIBUTION = "requestdistribution";
  public static final String FIELD_LENGTH_DISTRIBUTION = "fieldlengthdistribution";
  /** Upstream's record count when {@code recordcount} is 0 or absent. */
  public static final long DEFAULT_RECORD_COUNT = Integer.MAX_VALUE;
  static final int MAX_FIELD_COUNT = 1_000_000;
  static final int MAX_ZERO_PADDING = 1000;

  /** {@code requestdistribution}: how run-phase operations choose their key. */
  public enum RequestDistribution { UNIFORM, ZIPFIAN, HOTSPOT, LATEST, SEQUENTIAL, EXPONENTIAL, GAUSSIAN }

  /** {@code fieldlengthdistribution}. */
  public enum FieldLengthDistribution { CONSTANT, UNIFORM, ZIPFIAN, HISTOGRAM }

  /** {@code scanlengthdistribution}. */
  public enum ScanLengthDistribution { UNIFORM, ZIPFIAN }

  /**
   * Reads and checks every core workload property.
   *
   * @throws PropertyException naming the property, the value and what is allowed
   */
  public static CoreWorkloadOptions fromProperties(Properties props) {
    PropertyReader r = new PropertyReader(props);

    int fieldCount = r.intValue("fieldcount", 10, 1, MAX_FIELD_COUNT);
    int fieldLength = r.intValue("fieldlength", 100, 0, Integer.MAX_VALUE);
    FieldLengthDistribution lengths =
        choice(r, FIELD_LENGTH_DISTRIBUTION, "constant", FieldLengthDistribution.class);
    int minFieldLength = r.intValue("minfieldlength", 1, 0, Integer.MAX_VALUE);
    if ((lengths == FieldLengthDistribution.UNIFORM || lengths == FieldLengthDistribution.ZIPFIAN)
        && minFieldLength > fieldLength) {
      throw PropertyException.badValue("minfieldlength", r.string("minfieldlength", "1"),
          "a whole number from 0 to fieldlength (" + fieldLength + ")");
    }
    String histogram = r.string("fieldlengthhistogram", "hist.txt");
    if (lengths == FieldLengthDistribution.HISTOGRAM && !isReadableFile(histogram)) {
      throw PropertyException.badValue("fieldlengthhistogram", histogram,
          "a readable histogram file (fieldlengthdistribution=histogram)");
    }
    boolean dataIntegrity = r.bool("dataintegrity", false);
    if (dataIntegrity && lengths != FieldLengthDistribution.CONSTANT) {
      throw PropertyException.badValue(FIELD_LENGTH_DISTRIBUTION, r.string(FIELD_LENGTH_DISTRIBUTION, ""),
          "constant when dataintegrity=true");
    }

    long recordCount = r.longValue(RECORD_COUNT, 0, 0, Long.MAX_VALUE);
    if (recordCount == 0) {
      recordCount = DEFAULT_RECORD_COUNT;
    }
    long insertStart = r.longValue(INSERT_START, 0, 0, recordCount - 1);
    long insertCount = r.longValue(INSERT_COUNT, recordCount - insertStart, 1, Long.MAX_VALUE);
    if (insertCount > recordCount - insertStart) {
      throw PropertyException.badValue(INSERT_COUNT, r.string(INSERT_COUNT, ""), "a whole number from 1 to "
          + (recordCount - insertStart) + " (insertstart + insertcount must not exceed recordcount, " + recordCount
          + ")");
    }

    int minScan = r.intValue("minscanlength", 1, 0, Integer.MAX_VALUE);
    int maxScan = r.intValue("maxscanlength", 1000, minScan, Integer.MAX_VALUE);

    double percentile = r.doubleValue("exponential.percentile", 95, 0, 100);
    if (percentile == 0 || percentile == 100) {
      throw PropertyException.badValue("exponential.percentile", r.string("exponential.percentile", ""),
          "a number greater than 0 and less than 100");
    }
    double frac = nonNegative(r, "exponential.frac", 0.8571428571);
    if (frac == 0) {
      throw PropertyException.badValue("exponential.frac", r.string("exponential.frac", ""), "a number > 0");
    }

    RequestDistribution distribution = choice(r, REQUEST_DISTRIBUTION, "uniform", RequestDistribution.class);
    GaussianKeyOptions gaussian = distribution == RequestDistribution.GAUSSIAN
        ? GaussianKeyOptions.fromProperties(r, insertStart, insertStart + insertCount - 1) : null;

    CoreWorkloadOptions o = new CoreWorkloadOptions(
        r.string("table", "usertable"),
        fieldCount,
        r.string("fieldnameprefix", "field"),
        fieldLength,
        minFieldLength,
        lengths,
        histogram,
        r.bool("readallfields", true),
        r.bool("readallfieldsbyname", false),
        r.bool("writeallfields", false),
        dataIntegrity,
        nonNegative(r, "readproportion", 0.95),
        nonNegative(r, "updateproportion", 0.05),
        nonNegative(r, "insertproportion", 0),
        nonNegative(r, "scanproportion", 0),
        nonNegative(r, "readmodifywriteproportion", 0),
        distribution,
        minScan,
        maxScan,
        choice(r, "scanlengthdistribution", "uniform", ScanLengthDistribution.class),
        r.choice("insertorder", "hashed", "hashed", "ordered").equals("ordered"),
        r.intValue("zeropadding", 1, 0, MAX_ZERO_PADDING),
        r.doubleValue("hotspotdatafraction", 0.2, 0, 1),
        r.doubleValue("hotspotopnfraction", 0.8, 0, 1),
        percentile,
        frac,
        recordCount,
        r.longValue(OPERATION_COUNT, 0, 0, Long.MAX_VALUE),
        insertStart,
        insertCount,
        r.intValue("core_workload_insertion_retry_limit", 0, 0, Integer.MAX_VALUE),
        (int) r.duration("core_workload_insertion_retry_interval", 3, TimeUnit.SECONDS, 0, Integer.MAX_VALUE),
        gaussian);
    checkRunPhase(r, o);
    return o;
  }

  /** Run-phase checks, so that a run that cannot work fails before it starts rather than midway. */
  private static void checkRunPhase(PropertyReader r, CoreWorkloadOptions o) {
    if (!r.bool("dotransactions", true)) {
      return;
    }
    if (!o.hasTransactions()) {
      throw new ConfigException("readproportion, updateproportion, insertproportion, scanproportion and "
          + "readmodifywriteproportion are all 0: allowed at least one above 0 for the run phase");
    }
    // Run-phase inserts number keys from recordcount upwards; they must not wrap past 2^63-1.
    long headroom = o.operationCount() == 0 ? Long.MAX_VALUE / 2 : o.operationCount();
    if (o.insertProportion() > 0 && o.recordCount() > Long.MAX_VALUE - headroom) {
      throw PropertyException.badValue(RECORD_COUNT, String.valueOf(o.recordCount()),
          "at most " + (Long.MAX_VALUE - headroom) + " when run-phase inserts may add "
              + (o.operationCount() == 0 ? "unboundedly many" : "up to operationcount") + " keys");
    }
  }

  /** Whether any run-phase operation has a proportion above 0. */
  public boolean hasTransactions() {
    return readProportion + updateProportion + insertProportion + scanProportion + readModifyWriteProportion > 0;
  }

  /** The last key number of the load range of this client, {@code insertstart + insertcount - 1}. */
  public long lastInsertKey() {
    return insertStart + insertCount - 1;
  }

  private static <E extends Enum<E>> E choice(PropertyReader r, String name, String defaultValue, Class<E> type) {
    E[] constants = type.getEnumConstants();
    String[] words = new String[constants.length];
    for (int i = 0; i < constants.length; i++) {
      words[i] = constants[i].name().toLowerCase(Locale.ROOT);
    }
    return Enum.valueOf(type, r.choice(name, defaultValue, words).toUpperCase(Locale.ROOT));
  }

  private static double nonNegative(PropertyReader r, String name, double defaultValue) {
    return r.doubleValue(name, defaultValue, 0, Double.MAX_VALUE);
  }

  private static boolean isReadableFile(String file) {
    try {
      return Files.isReadable(Path.of(file));
    } catch (InvalidPathException e) {
      return false;
    }
  }
}
