{{/*
The Grafana dashboard (JSON) of monitoring.grafanaDashboard, built from the platform's own metrics
(docs/metrics.md). Legend formats are Grafana's {{label}} templates, written as Helm raw strings.
Its expressions are parsed by the same PromQL test as the alert rules.
*/}}
{{- define "kubebyon.grafanaDashboard" -}}
{
  "title": "KubeBYON",
  "uid": "kubebyon-platform",
  "description": "KubeBYON's job queue, background tasks, clusters and admission webhook (docs/metrics.md).",
  "tags": [
    "kubebyon"
  ],
  "timezone": "browser",
  "schemaVersion": 39,
  "version": 1,
  "editable": true,
  "refresh": "30s",
  "time": {
    "from": "now-6h",
    "to": "now"
  },
  "templating": {
    "list": [
      {
        "name": "datasource",
        "label": "Data source",
        "type": "datasource",
        "query": "prometheus",
        "current": {},
        "hide": 0
      }
    ]
  },
  "annotations": {
    "list": []
  },
  "panels": [
    {
      "type": "row",
      "title": "Cluster jobs",
      "collapsed": false,
      "gridPos": {
        "h": 1,
        "w": 24,
        "x": 0,
        "y": 0
      },
      "id": 1,
      "panels": []
    },
    {
      "type": "timeseries",
      "title": "Queue depth (pending, running)",
      "description": "kubebyon_jobs: jobs in the queue by kind and status, counted in the database at scrape time.",
      "datasource": {
        "type": "prometheus",
        "uid": "${datasource}"
      },
      "gridPos": {
        "h": 8,
        "w": 12,
        "x": 0,
        "y": 1
      },
      "id": 2,
      "fieldConfig": {
        "defaults": {
          "unit": "short"
        },
        "overrides": []
      },
      "options": {
        "legend": {
          "displayMode": "table",
          "placement": "right",
          "calcs": [
            "lastNotNull"
          ]
        },
        "tooltip": {
          "mode": "multi"
        }
      },
      "targets": [
        {
          "datasource": {
            "type": "prometheus",
            "uid": "${datasource}"
          },
          "expr": "max by (kind, status) (kubebyon_jobs{status=~\"pending|running\"})",
          "legendFormat": "{{`{{kind}}`}} {{`{{status}}`}}",
          "refId": "A"
        }
      ]
    },
    {
      "type": "timeseries",
      "title": "Job attempts by outcome",
      "description": "Attempts per second that ended in each outcome (kubebyon_job_duration_seconds_count).",
      "datasource": {
        "type": "prometheus",
        "uid": "${datasource}"
      },
      "gridPos": {
        "h": 8,
        "w": 12,
        "x": 12,
        "y": 1
      },
      "id": 3,
      "fieldConfig": {
        "defaults": {
          "unit": "ops"
        },
        "overrides": []
      },
      "options": {
        "legend": {
          "displayMode": "table",
          "placement": "right",
          "calcs": [
            "lastNotNull"
          ]
        },
        "tooltip": {
          "mode": "multi"
        }
      },
      "targets": [
        {
          "datasource": {
            "type": "prometheus",
            "uid": "${datasource}"
          },
          "expr": "sum by (outcome) (rate(kubebyon_job_duration_seconds_count[5m]))",
          "legendFormat": "{{`{{outcome}}`}}",
          "refId": "A"
        }
      ]
    },
    {
      "type": "timeseries",
      "title": "Job duration p90 (succeeded)",
      "description": "90th percentile of successful attempts by kind.",
      "datasource": {
        "type": "prometheus",
        "uid": "${datasource}"
      },
      "gridPos": {
        "h": 8,
        "w": 12,
        "x": 0,
        "y": 9
      },
      "id": 4,
      "fieldConfig": {
        "defaults": {
          "unit": "s"
        },
        "overrides": []
      },
      "options": {
        "legend": {
          "displayMode": "table",
          "placement": "right",
          "calcs": [
            "lastNotNull"
          ]
        },
        "tooltip": {
          "mode": "multi"
        }
      },
      "targets": [
        {
          "datasource": {
            "type": "prometheus",
            "uid": "${datasource}"
          },
          "expr": "histogram_quantile(0.9, sum by (kind, le) (rate(kubebyon_job_duration_seconds_bucket{outcome=\"succeeded\"}[15m])))",
          "legendFormat": "{{`{{kind}}`}}",
          "refId": "A"
        }
      ]
    },
    {
      "type": "timeseries",
      "title": "Failures and lease expiries (1 h)",
      "description": "Jobs ended failed or dead, and jobs taken over after an expired lease, over the last hour.",
      "datasource": {
        "type": "prometheus",
        "uid": "${datasource}"
      },
      "gridPos": {
        "h": 8,
        "w": 12,
        "x": 12,
        "y": 9
      },
      "id": 5,
      "fieldConfig": {
        "defaults": {
          "unit": "short"
        },
        "overrides": []
      },
      "options": {
        "legend": {
          "displayMode": "table",
          "placement": "right",
          "calcs": [
            "lastNotNull"
          ]
        },
        "tooltip": {
          "mode": "multi"
        }
      },
      "targets": [
        {
          "datasource": {
            "type": "prometheus",
            "uid": "${datasource}"
          },
          "expr": "sum by (kind) (increase(kubebyon_job_failures_total[1h]))",
          "legendFormat": "failed/dead {{`{{kind}}`}}",
          "refId": "A"
        },
        {
          "datasource": {
            "type": "prometheus",
            "uid": "${datasource}"
          },
          "expr": "sum by (kind) (increase(kubebyon_job_lease_expiries_total[1h]))",
          "legendFormat": "lease expired {{`{{kind}}`}}",
          "refId": "B"
        }
      ]
    },
    {
      "type": "row",
      "title": "Background tasks",
      "collapsed": false,
      "gridPos": {
        "h": 1,
        "w": 24,
        "x": 0,
        "y": 17
      },
      "id": 6,
      "panels": []
    },
    {
      "type": "timeseries",
      "title": "Error streak",
      "description": "Failed runs in a row per task (0 after a success).",
      "datasource": {
        "type": "prometheus",
        "uid": "${datasource}"
      },
      "gridPos": {
        "h": 8,
        "w": 12,
        "x": 0,
        "y": 18
      },
      "id": 7,
      "fieldConfig": {
        "defaults": {
          "unit": "short"
        },
        "overrides": []
      },
      "options": {
        "legend": {
          "displayMode": "table",
          "placement": "right",
          "calcs": [
            "lastNotNull"
          ]
        },
        "tooltip": {
          "mode": "multi"
        }
      },
      "targets": [
        {
          "datasource": {
            "type": "prometheus",
            "uid": "${datasource}"
          },
          "expr": "max by (task) (kubebyon_task_error_streak)",
          "legendFormat": "{{`{{task}}`}}",
          "refId": "A"
        }
      ]
    },
    {
      "type": "timeseries",
      "title": "Time since last success / interval",
      "description": "How many intervals ago each task last succeeded in the process that runs it; above 3 is late.",
      "datasource": {
        "type": "prometheus",
        "uid": "${datasource}"
      },
      "gridPos": {
        "h": 8,
        "w": 12,
        "x": 12,
        "y": 18
      },
      "id": 8,
      "fieldConfig": {
        "defaults": {
          "unit": "short"
        },
        "overrides": []
      },
      "options": {
        "legend": {
          "displayMode": "table",
          "placement": "right",
          "calcs": [
            "lastNotNull"
          ]
        },
        "tooltip": {
          "mode": "multi"
        }
      },
      "targets": [
        {
          "datasource": {
            "type": "prometheus",
            "uid": "${datasource}"
          },
          "expr": "max by (task) ((time() - (kubebyon_task_last_success_timestamp_seconds > 0)) / kubebyon_task_interval_seconds and kubebyon_task_leading == 1)",
          "legendFormat": "{{`{{task}}`}}",
          "refId": "A"
        }
      ]
    },
    {
      "type": "timeseries",
      "title": "Task runs by outcome",
      "description": "Runs per second by task and outcome.",
      "datasource": {
        "type": "prometheus",
        "uid": "${datasource}"
      },
      "gridPos": {
        "h": 8,
        "w": 12,
        "x": 0,
        "y": 26
      },
      "id": 9,
      "fieldConfig": {
        "defaults": {
          "unit": "ops"
        },
        "overrides": []
      },
      "options": {
        "legend": {
          "displayMode": "table",
          "placement": "right",
          "calcs": [
            "lastNotNull"
          ]
        },
        "tooltip": {
          "mode": "multi"
        }
      },
      "targets": [
        {
          "datasource": {
            "type": "prometheus",
            "uid": "${datasource}"
          },
          "expr": "sum by (task, outcome) (rate(kubebyon_task_runs_total[5m]))",
          "legendFormat": "{{`{{task}}`}} {{`{{outcome}}`}}",
          "refId": "A"
        }
      ]
    },
    {
      "type": "timeseries",
      "title": "Task duration p90",
      "description": "90th percentile of each task's run time.",
      "datasource": {
        "type": "prometheus",
        "uid": "${datasource}"
      },
      "gridPos": {
        "h": 8,
        "w": 12,
        "x": 12,
        "y": 26
      },
      "id": 10,
      "fieldConfig": {
        "defaults": {
          "unit": "s"
        },
        "overrides": []
      },
      "options": {
        "legend": {
          "displayMode": "table",
          "placement": "right",
          "calcs": [
            "lastNotNull"
          ]
        },
        "tooltip": {
          "mode": "multi"
        }
      },
      "targets": [
        {
          "datasource": {
            "type": "prometheus",
            "uid": "${datasource}"
          },
          "expr": "histogram_quantile(0.9, sum by (task, le) (rate(kubebyon_task_duration_seconds_bucket[15m])))",
          "legendFormat": "{{`{{task}}`}}",
          "refId": "A"
        }
      ]
    },
    {
      "type": "row",
      "title": "Clusters and admission",
      "collapsed": false,
      "gridPos": {
        "h": 1,
        "w": 24,
        "x": 0,
        "y": 34
      },
      "id": 11,
      "panels": []
    },
    {
      "type": "timeseries",
      "title": "Clusters by connection status",
      "description": "kubebyon_clusters: live clusters by the connection status the platform last recorded.",
      "datasource": {
        "type": "prometheus",
        "uid": "${datasource}"
      },
      "gridPos": {
        "h": 8,
        "w": 12,
        "x": 0,
        "y": 35
      },
      "id": 12,
      "fieldConfig": {
        "defaults": {
          "unit": "short"
        },
        "overrides": []
      },
      "options": {
        "legend": {
          "displayMode": "table",
          "placement": "right",
          "calcs": [
            "lastNotNull"
          ]
        },
        "tooltip": {
          "mode": "multi"
        }
      },
      "targets": [
        {
          "datasource": {
            "type": "prometheus",
            "uid": "${datasource}"
          },
          "expr": "max by (connection_status) (kubebyon_clusters)",
          "legendFormat": "{{`{{connection_status}}`}}",
          "refId": "A"
        }
      ]
    },
    {
      "type": "timeseries",
      "title": "Admission reviews by decision",
      "description": "Reviews per second by resource and decision (allowed, denied, error).",
      "datasource": {
        "type": "prometheus",
        "uid": "${datasource}"
      },
      "gridPos": {
        "h": 8,
        "w": 12,
        "x": 12,
        "y": 35
      },
      "id": 13,
      "fieldConfig": {
        "defaults": {
          "unit": "ops"
        },
        "overrides": []
      },
      "options": {
        "legend": {
          "displayMode": "table",
          "placement": "right",
          "calcs": [
            "lastNotNull"
          ]
        },
        "tooltip": {
          "mode": "multi"
        }
      },
      "targets": [
        {
          "datasource": {
            "type": "prometheus",
            "uid": "${datasource}"
          },
          "expr": "sum by (resource, decision) (rate(kubebyon_admission_requests_total[5m]))",
          "legendFormat": "{{`{{resource}}`}} {{`{{decision}}`}}",
          "refId": "A"
        }
      ]
    },
    {
      "type": "timeseries",
      "title": "Admission review latency p99",
      "description": "99th percentile of the time to answer a review.",
      "datasource": {
        "type": "prometheus",
        "uid": "${datasource}"
      },
      "gridPos": {
        "h": 8,
        "w": 12,
        "x": 0,
        "y": 43
      },
      "id": 14,
      "fieldConfig": {
        "defaults": {
          "unit": "s"
        },
        "overrides": []
      },
      "options": {
        "legend": {
          "displayMode": "table",
          "placement": "right",
          "calcs": [
            "lastNotNull"
          ]
        },
        "tooltip": {
          "mode": "multi"
        }
      },
      "targets": [
        {
          "datasource": {
            "type": "prometheus",
            "uid": "${datasource}"
          },
          "expr": "histogram_quantile(0.99, sum by (le) (rate(kubebyon_admission_request_duration_seconds_bucket[5m])))",
          "legendFormat": "p99",
          "refId": "A"
        }
      ]
    },
    {
      "type": "timeseries",
      "title": "API requests by status",
      "description": "Requests per second to the API route handlers, by status code.",
      "datasource": {
        "type": "prometheus",
        "uid": "${datasource}"
      },
      "gridPos": {
        "h": 8,
        "w": 12,
        "x": 12,
        "y": 43
      },
      "id": 15,
      "fieldConfig": {
        "defaults": {
          "unit": "reqps"
        },
        "overrides": []
      },
      "options": {
        "legend": {
          "displayMode": "table",
          "placement": "right",
          "calcs": [
            "lastNotNull"
          ]
        },
        "tooltip": {
          "mode": "multi"
        }
      },
      "targets": [
        {
          "datasource": {
            "type": "prometheus",
            "uid": "${datasource}"
          },
          "expr": "sum by (status) (rate(kubebyon_http_requests_total[5m]))",
          "legendFormat": "{{`{{status}}`}}",
          "refId": "A"
        }
      ]
    }
  ]
}
{{- end -}}
