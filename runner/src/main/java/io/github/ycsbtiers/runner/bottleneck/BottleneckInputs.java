package io.github.ycsbtiers.runner.bottleneck;

/**
 * The figures a verdict is drawn from, each over one window (the measured phase, or one timeline
 * row): NaN for a number and null for a label the run does not have. Build with {@link #builder()}.
 *
 * @param cores processors the client's process may use (its affinity mask)
 * @param processCores cores the client's process used: its CPU time over the window, the embedded
 *     store's threads included when the store runs in it
 * @param storeCpuCores cores the embedded store's own threads used inside that process
 *     ({@code api.ResourceFigures.STORE_CPU_CORES}); NaN for a remote server
 * @param serverThreadCores cores the busiest thread that serves operations used
 *     ({@code ServerThreadCores}: a Redis master's main thread, an embedded store's loop)
 * @param serverThread which thread that is ({@code ServerThread}), or null
 * @param device the embedded store's block device, or null
 * @param deviceUtilisation share of the window the device had a request in flight, 0 to 1
 * @param deviceQueue mean number of requests in flight at the device
 * @param clients logical clients: each has at most one operation in flight, so they bound the queue
 * @param sendLatenessMicros mean send lateness of the scheduled operations ({@code [SCHEDULE]}); NaN without {@code -target}
 * @param intendedMicros mean intended latency of the same operations (lateness included); NaN without {@code -target}
 */
public record BottleneckInputs(int cores, double processCores, double storeCpuCores, double serverThreadCores,
    String serverThread, String device, double deviceUtilisation, double deviceQueue, int clients,
    double sendLatenessMicros, double intendedMicros) {

  public static Builder builder() {
    return new Builder();
  }

  /** Whether the embedded store's threads ran in the client's process and were counted apart. */
  public boolean storeInProcess() {
    return !Double.isNaN(storeCpuCores);
  }

  /** The client's own cores: the process's less the embedded store's threads'; NaN when the process's is unknown. */
  public double clientCores() {
    return storeInProcess() ? Math.max(0, processCores - storeCpuCores) : processCores;
  }

  /** The share of its cores the process used; NaN when unknown. */
  public double processShare() {
    return cores > 0 ? processCores / cores : Double.NaN;
  }

  /** The share of the mean intended latency that was send lateness; NaN without a schedule. */
  public double latenessShare() {
    return intendedMicros > 0 ? sendLatenessMicros / intendedMicros : Double.NaN;
  }

  /** The share of the clients' operations that were at the device on average; NaN when unknown. */
  public double deviceQueueShare() {
    return clients > 0 ? deviceQueue / clients : Double.NaN;
  }

  /** Collects the figures; any not set is unknown. */
  public static final class Builder {
    private int cores;
    private double processCores = Double.NaN;
    private double storeCpuCores = Double.NaN;
    private double serverThreadCores = Double.NaN;
    private String serverThread;
    private String device;
    private double deviceUtilisation = Double.NaN;
    private double deviceQueue = Double.NaN;
    private int clients;
    private double sendLatenessMicros = Double.NaN;
    private double intendedMicros = Double.NaN;

    private Builder() {
    }

    public Builder client(int cores, double processCores, int clients) {
      this.cores = cores;
      this.processCores = processCores;
      this.clients = clients;
      return this;
    }

    public Builder store(double storeCpuCores) {
      this.storeCpuCores = storeCpuCores;
      return this;
    }

    public Builder serverThread(double cores, String which) {
      this.serverThreadCores = cores;
      this.serverThread = which;
      return this;
    }

    public Builder device(String name, double utilisation, double queue) {
      this.device = name;
      this.deviceUtilisation = utilisation;
      this.deviceQueue = queue;
      return this;
    }

    public Builder schedule(double sendLatenessMicros, double intendedMicros) {
      this.sendLatenessMicros = sendLatenessMicros;
      this.intendedMicros = intendedMicros;
      return this;
    }

    public BottleneckInputs build() {
      return new BottleneckInputs(cores, processCores, storeCpuCores, serverThreadCores, serverThread, device,
          deviceUtilisation, deviceQueue, clients, sendLatenessMicros, intendedMicros);
    }
  }
}
