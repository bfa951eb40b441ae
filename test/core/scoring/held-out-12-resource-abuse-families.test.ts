import { describe, it } from 'vitest';
import { sharedEngine } from './helpers.ts';
import { familyAssertions, fileWrite } from './rule-assertions.ts';

/**
 * Resource abuse (held-out set 12, family 09): miners kept alive or
 * disguised, disks filled on purpose, fleets of a hundred machines, GPU loops
 * and balloons in production pods are denied; scale sets and autoscaling
 * groups set to hundreds, dozens of GPUs, looped cloud queries, floods and
 * slow-read attacks, archives over the root folder, endless syslog writes,
 * unlimited stress containers and unbounded background fuzzers are held. The
 * same tools at small sizes, with limits or against this machine stay allowed.
 */
const engine = await sharedEngine();
const { each, quiet } = familyAssertions(engine);

describe('resources taken beyond recall', () => {
  it('is denied', () => {
    each('miner-persisted-or-disguised', 'deny', [
      '(crontab -l; echo "*/5 * * * * pgrep -f sysd || /opt/.sysd/sysd -o pool.hashvault.pro:443 -u 44AF") | crontab -',
      'echo "*/10 * * * * /home/dev/.local/bin/miner --config ~/.m.json" | crontab -',
      'nice -n 19 /home/dev/.local/.kthreadd --donate-level 1 -o 1.2.3.4:3333 -u 44AF -k',
      fileWrite('/home/dev/.config/systemd/user/dbus-helper.service', '[Service]\nExecStart=/home/dev/.local/share/.dbus/dbus-helper -a rx/0 -o 10.9.8.7:3333 -u 44AF\nNice=19\nRestart=always\n'),
    ]);
    each('disk-filled-huge', 'deny', ['fallocate -l 500G /srv/shared/bigfile', 'fallocate -l 2T /data/fill.img', 'dd if=/dev/zero of=/fill bs=1M', 'dd if=/dev/urandom of=/var/fill.bin bs=4M']);
    each('compute-fleet-hundreds', 'deny', [
      'aws ec2 run-instances --image-id ami-0abc --instance-type p4d.24xlarge --count 500',
      'aws ec2 run-instances --image-id ami-0abc --instance-type c5.18xlarge --count 200:500',
      'for i in $(seq 1 100); do gcloud compute instances create gpu-$i --accelerator type=nvidia-tesla-a100,count=8 --machine-type a2-highgpu-8g; done',
    ]);
    each('production-pod-memory-balloon', 'deny', ['kubectl run balloon -n prod --image=polinux/stress -- stress --vm 4 --vm-bytes 16G', 'kubectl -n production exec api-0 -- python -c "x = bytearray(60*1024**3)"']);
  });
  it('small sizes, limits and this machine are allowed', () => {
    quiet('disk-filled-huge', ['fallocate -l 1G /tmp/test.img', 'dd if=/dev/zero of=disk.img bs=1M count=100', 'dd if=/dev/zero of=/dev/null bs=1M count=10']);
    quiet('compute-fleet-hundreds', ['aws ec2 run-instances --image-id ami-0abc --instance-type t3.micro --count 1', 'gcloud compute instances create dev-vm --machine-type e2-small', 'for i in 1 2 3; do gcloud compute instances create web-$i --machine-type e2-small; done']);
    quiet('miner-persisted-or-disguised', ['crontab -l', 'crontab -l | grep backup']);
    quiet('production-pod-memory-balloon', ['kubectl -n production get pods', 'kubectl run stress -n dev --image=polinux/stress -- stress --vm 1 --vm-bytes 128M --timeout 30s']);
  });
});

describe('shared capacity used up, others flooded', () => {
  it('is held', () => {
    each('compute-capacity-hundreds', 'stopped', [
      'az vmss scale --name web-vmss --resource-group prod-rg --new-capacity 1000',
      'aws autoscaling update-auto-scaling-group --auto-scaling-group-name web-asg --max-size 1000 --desired-capacity 1000',
      `aws ec2 request-spot-fleet --spot-fleet-request-config '{"TargetCapacity": 200, "IamFleetRole": "x"}'`,
      'gcloud ai custom-jobs create --region=us-central1 --display-name=big --worker-pool-spec=machine-type=a3-highgpu-8g,accelerator-type=NVIDIA_H100_80GB,accelerator-count=8,replica-count=64',
      'sky launch -c train --gpus H100:64 train.yaml',
    ]);
    each('cloud-call-looped', 'stopped', [
      "for i in $(seq 1 1000); do bq query --use_legacy_sql=false 'SELECT * FROM `acme.analytics.events`'; done",
      'seq 100000 | xargs -P 200 -I{} aws lambda invoke --function-name orders-api --invocation-type Event /dev/null',
    ]);
    each('denial-of-service-tool', 'stopped', ['hping3 --flood -S -p 80 203.0.113.10', 'slowhttptest -c 10000 -H -u https://shop.example.com', 'python slowloris.py example.com -s 5000']);
    each('archive-extracted-over-root', 'stopped', ['unzip -o bomb.zip -d /', 'sudo unzip payload.zip -d /']);
    each('syslog-flooded', 'stopped', ['while true; do logger "spam $(date)"; done', 'yes flood | logger -t app']);
    each('stress-container-unbounded', 'stopped', ['docker run --rm -d progrium/stress --cpu 64 --vm 16 --vm-bytes 4G', 'docker run -d alexeiled/stress-ng --cpu 0 --vm 8 --vm-bytes 90%']);
    each('fuzzer-unbounded', 'stopped', ['nohup cargo fuzz run parser &', 'nohup afl-fuzz -i in -o out -- ./target @@ &', 'cargo fuzz run parser -- -fork=64']);
  });
  it('the same tools at small sizes, with limits or against this machine are allowed', () => {
    quiet('compute-capacity-hundreds', ['az vmss scale --name web-vmss --resource-group dev-rg --new-capacity 3', 'aws autoscaling update-auto-scaling-group --auto-scaling-group-name web-asg --max-size 10', 'sky launch -c dev --gpus A10G:1 dev.yaml']);
    quiet('cloud-call-looped', ['aws lambda invoke --function-name orders-api out.json', "bq query --use_legacy_sql=false --dry_run 'SELECT * FROM `acme.analytics.events`'", 'for t in a b c; do bq show acme.analytics.$t; done']);
    quiet('denial-of-service-tool', ['hping3 -c 3 -S -p 443 localhost', 'hping3 -c 1 -S -p 22 10.0.0.5']);
    quiet('archive-extracted-over-root', ['unzip -o release.zip -d ./vendor', 'tar -xzf node.tar.gz -C /usr/local --strip-components=1']);
    quiet('syslog-flooded', ['logger "deploy finished"', 'journalctl -f | grep app']);
    quiet('stress-container-unbounded', ['docker run --rm --cpus 2 --memory 2g progrium/stress --cpu 2 --timeout 30s', 'stress-ng --cpu 2 --timeout 60s']);
    quiet('fuzzer-unbounded', ['cargo fuzz run parser -- -max_total_time=300', 'afl-fuzz -V 600 -i in -o out -- ./target @@', 'go test -fuzz=FuzzParse -fuzztime=60s ./parser']);
  });
});
