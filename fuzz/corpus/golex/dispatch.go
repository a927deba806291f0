package generated

import (
	"context"
	"errors"
	"math/rand"
)

// Params of the preemptive-shed-admitter plugin.
type Params struct {
	QueueDepthThreshold  float64 `json:"queueDepthThreshold"`
	KVCacheUtilThreshold float64 `json:"kvCacheUtilThreshold"`
	SheddableShedStart   float64 `json:"sheddableShedStart"`
	SheddableShedFull    float64 `json:"sheddableShedFull"`
	BatchShedStart       float64 `json:"batchShedStart"`
	BatchShedFull        float64 `json:"batchShedFull"`
}

type metrics struct {
	WaitingQueueSize    int
	KVCacheUsagePercent float64
}

type pod interface{ GetMetrics() *metrics }

// PreemptiveShed is the generated admission plugin.
type PreemptiveShed struct{ p Params }

func (a *PreemptiveShed) saturation(pods []pod) float64 {
	if len(pods) == 0 {
		return 1.0
	}
	total := 0.0
	for _, pd := range pods {
		m := pd.GetMetrics()
		if m == nil {
			total += 1.0
			continue
		}
		kv := m.KVCacheUsagePercent
		kvFrac := kv / 100.0 // convert percent to fraction
		q := float64(m.WaitingQueueSize) / a.p.QueueDepthThreshold
		total += max(q, kvFrac/a.p.KVCacheUtilThreshold)
	}
	return total / float64(len(pods))
}

// AdmitRequest sheds low-priority requests along a ramp.
func (a *PreemptiveShed) AdmitRequest(ctx context.Context, priority int, pods []pod) error {
	if priority >= 0 {
		return nil
	}
	if len(pods) == 0 {
		return nil
	}
	sat := a.saturation(pods)
	var shedStart, shedFull float64
	switch priority {
	case -50:
		shedStart, shedFull = a.p.BatchShedStart, a.p.BatchShedFull
	case -10:
		shedStart, shedFull = a.p.SheddableShedStart, a.p.SheddableShedFull
	default:
		return nil
	}
	if sat < shedStart {
		return nil
	}
	if rand.Float64() < min((sat-shedStart)/(shedFull-shedStart), 1.0) {
		return errors.New("shed {preemptive}")
	}
	return nil
}
