/**
 * The loan over time, drawn as SVG: the balance falling year by year, and each year's repayments
 * split into principal and interest.
 *
 * Every figure shown (tick labels, the bar tooltips) is a display string from banksia-core; the
 * only arithmetic here is drawing geometry: where a bar or a point sits on the screen. The shapes
 * are drawn in a fixed 1000 × 300 box stretched to the width available, and the labels are HTML
 * placed by percentage, so text stays readable from 320 px phones to desktops.
 */
export interface ChartMoney {
  amount: string;
  display: string;
}

export interface ChartYear {
  year: number;
  payments: ChartMoney;
  interest: ChartMoney;
  principal: ChartMoney;
  closing_balance: ChartMoney;
}

export interface ScheduleChartProps {
  /** The amount borrowed: where the balance line starts. */
  opening: ChartMoney;
  years: readonly ChartYear[];
  /** Writes a tick value as whole dollars: core's formatter. */
  formatTick: (amount: string) => string;
}

const WIDTH = 1000;
const HEIGHT = 300;

/**
 * Geometry to a tenth of a unit of the 1000 × 300 box (at most 0.01% of the chart, far below a
 * pixel): the chart is in the page's HTML, and full float precision would add about a kilobyte
 * compressed to it.
 */
const tenth = (value: number) => Math.round(value * 10) / 10;
/** A CSS percentage to a hundredth of a percent. */
const percent = (value: number) => `${Math.round(value * 10000) / 100}%`;

/** A round axis top and step (1, 2, 2.5 or 5 × a power of ten) giving four or five gridlines. */
export function niceScale(largest: number): { top: number; step: number } {
  if (!Number.isFinite(largest) || largest <= 0) return { top: 1, step: 1 };
  const rough = largest / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  return { top: Math.ceil(largest / step) * step, step };
}

/** Which years get a label on the x axis: at most about seven of them. */
export function yearTicks(count: number): number[] {
  const step = count <= 8 ? 1 : count <= 16 ? 2 : count <= 40 ? 5 : 10;
  const ticks: number[] = [];
  for (let year = step; year <= count; year += step) ticks.push(year);
  return ticks;
}

function ticksOf(top: number, step: number): number[] {
  const ticks: number[] = [];
  for (let value = 0; value <= top + step / 2; value += step) ticks.push(Math.round(value * 100) / 100);
  return ticks;
}

function YAxis({ ticks, top, formatTick }: { ticks: number[]; top: number; formatTick: (amount: string) => string }) {
  return (
    <div className="chart__y" aria-hidden="true">
      {ticks.map((tick) => (
        <span key={tick} style={{ bottom: percent(tick / top) }}>
          {formatTick(String(tick))}
        </span>
      ))}
    </div>
  );
}

function XAxis({ count, ticks, offset }: { count: number; ticks: number[]; offset: number }) {
  return (
    <div className="chart__x" aria-hidden="true">
      {ticks.map((year) => (
        <span key={year} style={{ left: percent((year - offset) / count) }}>
          {year}
        </span>
      ))}
    </div>
  );
}

function Grid({ ticks, top }: { ticks: number[]; top: number }) {
  return (
    <g className="chart__grid">
      {ticks.map((tick) => {
        const y = tenth(HEIGHT - (tick / top) * HEIGHT);
        return <line key={tick} x1={0} x2={WIDTH} y1={y} y2={y} vectorEffect="non-scaling-stroke" />;
      })}
    </g>
  );
}

export default function ScheduleChart({ opening, years, formatTick }: ScheduleChartProps) {
  const count = years.length;
  if (count === 0) return null;

  const balances = [Number(opening.amount), ...years.map((y) => Number(y.closing_balance.amount))];
  const balanceScale = niceScale(Math.max(...balances));
  const balanceTicks = ticksOf(balanceScale.top, balanceScale.step);
  const xOf = (index: number) => (index / count) * WIDTH;
  const yOf = (value: number, top: number) => HEIGHT - (value / top) * HEIGHT;
  const line = balances.map((b, i) => `${i === 0 ? 'M' : 'L'}${xOf(i).toFixed(1)},${yOf(b, balanceScale.top).toFixed(1)}`).join(' ');
  const area = `${line} L${WIDTH},${HEIGHT} L0,${HEIGHT} Z`;

  const paymentScale = niceScale(Math.max(...years.map((y) => Number(y.payments.amount))));
  const paymentTicks = ticksOf(paymentScale.top, paymentScale.step);
  const slot = WIDTH / count;
  const barWidth = tenth(Math.max(slot * 0.7, 1));
  const xTicks = yearTicks(count);

  return (
    <div className="chart">
      <div className="chart__panel">
        <p className="chart__title" aria-hidden="true">
          Balance owing
        </p>
        <div className="chart__frame">
          <YAxis ticks={balanceTicks} top={balanceScale.top} formatTick={formatTick} />
          <div className="chart__plot">
            <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false" data-testid="balance-chart">
              <Grid ticks={balanceTicks} top={balanceScale.top} />
              <path className="chart__area" d={area} />
              <path className="chart__line" d={line} vectorEffect="non-scaling-stroke" />
            </svg>
            <XAxis count={count} ticks={xTicks} offset={0} />
          </div>
        </div>
      </div>
      <div className="chart__panel">
        <p className="chart__title" aria-hidden="true">
          Repayments each year
          <span className="chart__legend">
            <span className="chart__key chart__key--principal" /> Principal
            <span className="chart__key chart__key--interest" /> Interest
          </span>
        </p>
        <div className="chart__frame">
          <YAxis ticks={paymentTicks} top={paymentScale.top} formatTick={formatTick} />
          <div className="chart__plot">
            <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false" data-testid="split-chart">
              <Grid ticks={paymentTicks} top={paymentScale.top} />
              {years.map((y, i) => {
                const principal = tenth((Number(y.principal.amount) / paymentScale.top) * HEIGHT);
                const interest = tenth((Number(y.interest.amount) / paymentScale.top) * HEIGHT);
                const x = tenth(i * slot + (slot - barWidth) / 2);
                return (
                  <g key={y.year}>
                    <title>{`Year ${y.year}: principal ${y.principal.display}, interest ${y.interest.display}`}</title>
                    <rect className="chart__principal" x={x} width={barWidth} y={tenth(HEIGHT - principal)} height={principal} />
                    <rect className="chart__interest" x={x} width={barWidth} y={tenth(HEIGHT - principal - interest)} height={interest} />
                  </g>
                );
              })}
            </svg>
            <XAxis count={count} ticks={xTicks} offset={0.5} />
          </div>
        </div>
      </div>
      <p className="chart__axis-note" aria-hidden="true">
        Years from the first repayment
      </p>
    </div>
  );
}
